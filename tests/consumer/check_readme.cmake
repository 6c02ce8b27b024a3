# Keeps README.md honest. cmake -DREADME=... -DCASE=... -P check_readme.cmake
#   CASE=example  (-DEXAMPLE_SOURCE=... -DEXAMPLE_PROGRAM=...): the C++ block after the marker
#                 "<!-- compiled: tests/consumer/readme_example.cpp -->" is that file, byte for
#                 byte; the program exits 0 and prints the block after
#                 "<!-- output of tests/consumer/readme_example.cpp -->".
#   CASE=ci_command  (-DCI_RUN=...): the command after "<!-- test command -->" appears, as one
#                 whole line, in .ci/run, so CI runs what the README tells people to run.
cmake_minimum_required(VERSION 3.25)

# Sets out_var to the body of the first fenced block (```...```) after `marker` in `text`.
function(fenced_block_after text marker out_var)
  string(FIND "${text}" "${marker}" marker_at)
  if(marker_at EQUAL -1)
    message(FATAL_ERROR "README.md has no marker ${marker}")
  endif()
  string(SUBSTRING "${text}" ${marker_at} -1 rest)
  string(FIND "${rest}" "```" fence_at)
  string(SUBSTRING "${rest}" ${fence_at} -1 rest)
  string(FIND "${rest}" "\n" body_at)  # the fence line may name a language
  math(EXPR body_at "${body_at} + 1")
  string(SUBSTRING "${rest}" ${body_at} -1 rest)
  string(FIND "${rest}" "```" end_at)
  if(end_at EQUAL -1)
    message(FATAL_ERROR "unclosed fenced block after ${marker}")
  endif()
  string(SUBSTRING "${rest}" 0 ${end_at} body)
  set(${out_var} "${body}" PARENT_SCOPE)
endfunction()

file(READ "${README}" readme)

if(CASE STREQUAL "example")
  fenced_block_after("${readme}" "<!-- compiled: tests/consumer/readme_example.cpp -->" snippet)
  file(READ "${EXAMPLE_SOURCE}" source)
  if(NOT snippet STREQUAL source)
    message(FATAL_ERROR "README.md's example differs from ${EXAMPLE_SOURCE}: copy the file "
                        "into the README block (or the block into the file).\n"
                        "--- README\n${snippet}\n--- file\n${source}")
  endif()
  execute_process(COMMAND "${EXAMPLE_PROGRAM}" RESULT_VARIABLE status OUTPUT_VARIABLE output
                  ERROR_VARIABLE errors)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "the README example exited with ${status}:\n${output}\n${errors}")
  endif()
  fenced_block_after("${readme}" "<!-- output of tests/consumer/readme_example.cpp -->"
                     expected_output)
  if(NOT output STREQUAL expected_output)
    message(FATAL_ERROR "the README shows an output the example does not print:\n"
                        "--- README\n${expected_output}\n--- program\n${output}")
  endif()
elseif(CASE STREQUAL "ci_command")
  fenced_block_after("${readme}" "<!-- test command -->" block)
  string(STRIP "${block}" command)
  if(command MATCHES "\n")
    message(FATAL_ERROR "the README's test command should be one line:\n${command}")
  endif()
  file(STRINGS "${CI_RUN}" ci_lines)
  if(NOT command IN_LIST ci_lines)
    message(FATAL_ERROR ".ci/run does not run the README's test command as a line of its own:\n"
                        "${command}")
  endif()
else()
  message(FATAL_ERROR "unknown CASE ${CASE}")
endif()
