# Black-box tests of the jsonx program: cmake -P cli_test.cmake with
#   -DJSONX=<program> -DCASE=<name> -DDATA_DIR=<cli/tests/data> -DVERSION=<x.y.z>
#   -DCONFORMANCE_DIR_DEFAULT=<dir> -DCORPUS_DIR_DEFAULT=<dir> -DWORK_DIR=<scratch dir>
#   [-DEMULATOR=<program;args>]  (a cross build's CMAKE_CROSSCOMPILING_EMULATOR: qemu-aarch64)
# JSONX_CONFORMANCE_DIR and JSONX_CORPUS_DIR in the environment override the defaults.
# A case that cannot run here prints "SKIPPED: <why>" (ctest's SKIP_REGULAR_EXPRESSION).
cmake_minimum_required(VERSION 3.25)

# The command that runs the program under test: ${JSONX_COMMAND} (unquoted: the emulator's words
# and the program) wherever a script runs jsonx, and ${JSONX_SHELL}, the same quoted for sh -c.
# In a cross build the program runs under the emulator, which passes the arguments, the standard
# streams, the environment and the exit status through.
set(JSONX_COMMAND ${EMULATOR} "${JSONX}")
set(JSONX_SHELL "")
foreach(word IN LISTS JSONX_COMMAND)
  string(APPEND JSONX_SHELL "'${word}' ")
endforeach()
string(STRIP "${JSONX_SHELL}" JSONX_SHELL)

function(fail)
  string(JOIN "" text ${ARGN})
  message(FATAL_ERROR "${CASE}: ${text}")
endfunction()

# run_jsonx(ARGS a b c [INPUT_FILE f] [OUTPUT_FILE f] [ENV NAME=value...] [EXPECT_STATUS n])
# Sets run_status, run_out (empty with OUTPUT_FILE) and run_err in the caller.
function(run_jsonx)
  cmake_parse_arguments(RUN "" "INPUT_FILE;OUTPUT_FILE;EXPECT_STATUS" "ARGS;ENV" ${ARGN})
  set(command ${JSONX_COMMAND} ${RUN_ARGS})
  if(RUN_ENV)
    set(command "${CMAKE_COMMAND}" -E env ${RUN_ENV} ${command})
  endif()
  set(input_option "")
  if(RUN_INPUT_FILE)
    set(input_option INPUT_FILE "${RUN_INPUT_FILE}")
  endif()
  if(RUN_OUTPUT_FILE)
    execute_process(COMMAND ${command} ${input_option} OUTPUT_FILE "${RUN_OUTPUT_FILE}"
                    RESULT_VARIABLE status ERROR_VARIABLE err)
    set(out "")
  else()
    execute_process(COMMAND ${command} ${input_option}
                    RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  endif()
  if(DEFINED RUN_EXPECT_STATUS AND NOT status STREQUAL RUN_EXPECT_STATUS)
    string(JOIN " " shown ${RUN_ARGS})
    fail("`jsonx ${shown}` exited with ${status}, expected ${RUN_EXPECT_STATUS}\n"
         "stdout:\n${out}\nstderr:\n${err}")
  endif()
  set(run_status "${status}" PARENT_SCOPE)
  set(run_out "${out}" PARENT_SCOPE)
  set(run_err "${err}" PARENT_SCOPE)
endfunction()

function(expect_match text regex what)
  if(ARGC GREATER 3)
    fail("expect_match takes 3 arguments, got ${ARGC}: ${what}")
  endif()
  if(NOT text MATCHES "${regex}")
    fail("${what}: expected a match for /${regex}/ in:\n${text}")
  endif()
endfunction()

function(expect_equal actual expected what)
  if(ARGC GREATER 3)
    fail("expect_equal takes 3 arguments, got ${ARGC}: ${what}")
  endif()
  if(NOT actual STREQUAL expected)
    fail("${what}:\n--- expected\n${expected}\n--- actual\n${actual}")
  endif()
endfunction()

# Drops the lines that legitimately differ between runs of `stats` on the same input.
function(strip_run_lines stats_text out_var)
  string(REGEX REPLACE "(input|kernel|chunk_size):[^\n]*\n" "" stripped "${stats_text}")
  set(${out_var} "${stripped}" PARENT_SCOPE)
endfunction()

function(resolve_data_dir env_name default_dir out_var)
  if(DEFINED ENV{${env_name}} AND NOT "$ENV{${env_name}}" STREQUAL "")
    set(${out_var} "$ENV{${env_name}}" PARENT_SCOPE)
  else()
    set(${out_var} "${default_dir}" PARENT_SCOPE)
  endif()
endfunction()

# The cases of the other commands and of the input options (functions cli_case_<name>).
include(${CMAKE_CURRENT_LIST_DIR}/cli_test_commands.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/cli_test_inputs.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/cli_test_seq.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/cli_test_threads.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/cli_test_partial.cmake)

set(all_kinds "${DATA_DIR}/all_kinds.json")
set(missing_comma "${DATA_DIR}/missing_comma.json")
set(three_values "${DATA_DIR}/three_values.ndjson")
# The counts of data/all_kinds.json, worked out by hand from the file.
set(all_kinds_counts
"nulls:       1
bools:       2
int64:       4
uint64:      1
doubles:     3
big_numbers: 2
strings:     4
keys:        11
objects:     4
arrays:      6
max_depth:   5
")

if(CASE STREQUAL "usage")
  run_jsonx(ARGS --help EXPECT_STATUS 0)
  expect_match("${run_out}" "^Usage: jsonx COMMAND" "--help")
  expect_match("${run_out}" "--chunk-size N" "--help lists --chunk-size")
  run_jsonx(ARGS -h EXPECT_STATUS 0)
  expect_match("${run_out}" "^Usage: jsonx" "-h")
  run_jsonx(ARGS --version EXPECT_STATUS 0)
  expect_equal("${run_out}" "jsonx ${VERSION}\n" "--version")

  # Usage errors: exit 2 and a one-line reason.
  run_jsonx(EXPECT_STATUS 2)
  expect_match("${run_err}" "no command given" "no arguments")
  run_jsonx(ARGS frobnicate x.json EXPECT_STATUS 2)
  expect_match("${run_err}" "unknown command 'frobnicate'" "unknown command")
  run_jsonx(ARGS validate EXPECT_STATUS 2)
  expect_match("${run_err}" "no input given" "missing input")
  run_jsonx(ARGS validate - - EXPECT_STATUS 2)
  expect_match("${run_err}" "standard input \\(-\\) given more than once" "stdin twice")
  run_jsonx(ARGS get "${all_kinds}" EXPECT_STATUS 2)
  expect_match("${run_err}" "get needs an input and a JSON Pointer" "get without pointer")
  run_jsonx(ARGS get "${all_kinds}" nested/a EXPECT_STATUS 2)
  expect_match("${run_err}" "'nested/a' is not a JSON Pointer" "pointer without /")
  run_jsonx(ARGS get "${all_kinds}" /a~2 EXPECT_STATUS 2)
  expect_match("${run_err}" "'/a~2' is not a JSON Pointer" "pointer with a bad escape")
  run_jsonx(ARGS min --indent 2 "${all_kinds}" EXPECT_STATUS 2)
  expect_match("${run_err}" "option --indent does not apply to this command" "min --indent")
  run_jsonx(ARGS fmt --indent 17 "${all_kinds}" EXPECT_STATUS 2)
  expect_match("${run_err}" "--indent needs a number of spaces from 0 to 16, not '17'" "indent 17")
  run_jsonx(ARGS get --multiple-values "${all_kinds}" /a EXPECT_STATUS 2)
  expect_match("${run_err}" "--multiple-values does not apply" "get --multiple-values")
  run_jsonx(ARGS validate --lines --multiple-values "${all_kinds}" EXPECT_STATUS 2)
  expect_match("${run_err}" "--lines and --multiple-values exclude each other" "lines + multiple")
  run_jsonx(ARGS min --seq --lines "${all_kinds}" EXPECT_STATUS 2)
  expect_match("${run_err}" "--seq and --lines exclude each other" "seq + lines")
  run_jsonx(ARGS stats --multiple-values --seq "${all_kinds}" EXPECT_STATUS 2)
  expect_match("${run_err}" "--seq and --multiple-values exclude each other" "seq + multiple")
  run_jsonx(ARGS bench --seq EXPECT_STATUS 2)
  expect_match("${run_err}" "--seq does not apply" "bench --seq")
  run_jsonx(ARGS --help EXPECT_STATUS 0)
  expect_match("${run_out}" "--seq +RFC 7464" "--help describes --seq")
  run_jsonx(ARGS validate --samples 3 "${all_kinds}" EXPECT_STATUS 2)
  expect_match("${run_err}" "--samples does not apply" "validate --samples")
  run_jsonx(ARGS bench --samples 0 EXPECT_STATUS 2)
  expect_match("${run_err}" "--samples needs a number from 1 to 1000" "bench --samples 0")
  run_jsonx(ARGS bench --lines EXPECT_STATUS 2)
  expect_match("${run_err}" "--lines does not apply" "bench --lines")
  # The installed tool has no bench (it would drag simdjson and the corpus in): it says where
  # bench is (jsonx-dev, which the bench case runs).
  run_jsonx(ARGS bench "${all_kinds}" EXPECT_STATUS 2)
  expect_match("${run_err}" "bench is in jsonx-dev" "bench in the installed tool")
  run_jsonx(ARGS validate --chunk-size 0 "${all_kinds}" EXPECT_STATUS 2)
  expect_match("${run_err}" "--chunk-size needs a positive byte count" "chunk size 0")
  run_jsonx(ARGS validate --chunk-size 12q "${all_kinds}" EXPECT_STATUS 2)
  expect_match("${run_err}" "not '12q'" "malformed chunk size")
  run_jsonx(ARGS validate "${all_kinds}" --chunk-size EXPECT_STATUS 2)
  expect_match("${run_err}" "option --chunk-size needs a value" "chunk size without value")
  run_jsonx(ARGS stats --kernel sse9 "${all_kinds}" EXPECT_STATUS 2)
  expect_match("${run_err}" "unknown kernel 'sse9'" "unknown kernel")
  run_jsonx(ARGS validate --fast "${all_kinds}" EXPECT_STATUS 2)
  expect_match("${run_err}" "unknown option '--fast'" "unknown option")

  # I/O errors: exit 2 too, with the system's reason.
  run_jsonx(ARGS validate "${DATA_DIR}/no_such_file.json" EXPECT_STATUS 2)
  expect_match("${run_err}" "cannot open '.*no_such_file.json': No such file or directory"
               "missing file")
  run_jsonx(ARGS stats "${DATA_DIR}" EXPECT_STATUS 2)
  expect_match("${run_err}" "cannot read '.*': Is a directory" "directory as input")

elseif(CASE STREQUAL "validate")
  file(SIZE "${all_kinds}" all_kinds_bytes)
  foreach(chunk_size 1 2 3 7 64 4k 64k 1M)
    run_jsonx(ARGS validate --chunk-size ${chunk_size} "${all_kinds}" EXPECT_STATUS 0)
    expect_equal("${run_out}" "${all_kinds}: valid JSON (${all_kinds_bytes} bytes)\n"
                 "validate --chunk-size ${chunk_size}")
    expect_equal("${run_err}" "" "validate prints nothing on stderr when valid")
  endforeach()
  run_jsonx(ARGS validate --chunk-size=5 - INPUT_FILE "${all_kinds}" EXPECT_STATUS 0)
  expect_equal("${run_out}" "<stdin>: valid JSON (${all_kinds_bytes} bytes)\n" "validate stdin")

  # The error: message with line and column, then the excerpt and a caret under the byte.
  set(first_error "")
  foreach(chunk_size 1 2 3 16 39 40 64k)
    run_jsonx(ARGS validate --chunk-size ${chunk_size} "${missing_comma}" EXPECT_STATUS 1)
    expect_equal("${run_out}" "" "nothing on stdout when invalid")
    if(first_error STREQUAL "")
      set(first_error "${run_err}")
    else()
      expect_equal("${run_err}" "${first_error}" "same error at --chunk-size ${chunk_size}")
    endif()
  endforeach()
  string(CONCAT expected_headline
    "^jsonx: [^\n]*missing_comma.json: expected ',' or ']' [^\n]* "
    "at line 3, column 19 \\(byte 39\\)\n")
  expect_match("${first_error}" "${expected_headline}" "error message")
  # (Not a CMake list: the brackets in JSON would keep semicolons from splitting it.)
  if(NOT first_error MATCHES "^[^\n]*\n([^\n]*)\n([^\n]*)\n$")
    fail("expected a message, an excerpt and a caret line:\n${first_error}")
  endif()
  set(excerpt_line "${CMAKE_MATCH_1}")
  set(caret_line "${CMAKE_MATCH_2}")
  expect_match("${caret_line}" "^ *\\^$" "caret line")
  string(FIND "${caret_line}" "^" caret_column)
  string(SUBSTRING "${excerpt_line}" ${caret_column} -1 from_caret)
  expect_match("${from_caret}" "^\"streaming\"" "the caret points at the offending token")

  # The caret counts terminal columns (é is one, 日 and 本 two each), and a long line is
  # clipped to 60 bytes before the error: whatever the chunk size.
  foreach(chunk_size 1 5 64k)
    run_jsonx(ARGS validate --chunk-size ${chunk_size} "${DATA_DIR}/utf8_before_error.json"
              EXPECT_STATUS 1)
    string(REPEAT " " 30 caret_indent)  # (CMake regexes have no {n})
    expect_match("${run_err}" "\n  {\"name\": \"caf[^\n]*\"ok\": tru}\n${caret_indent}\\^\n$"
                 "caret after wide characters, --chunk-size ${chunk_size}")
    run_jsonx(ARGS validate --chunk-size ${chunk_size} "${DATA_DIR}/long_line_error.json"
              EXPECT_STATUS 1)
    string(REPEAT " " 62 caret_indent)
    string(CONCAT expected_excerpt
      "column 395 \\(byte 394\\)\n   86, 87, [^\n]* 99, 1\\.5\\.2\\]\n"
      "${caret_indent}\\^\n$")
    expect_match("${run_err}" "${expected_excerpt}"
                 "excerpt of a long line, --chunk-size ${chunk_size}")
  endforeach()

  run_jsonx(ARGS validate - INPUT_FILE "${missing_comma}" EXPECT_STATUS 1)
  expect_match("${run_err}" "^jsonx: <stdin>: expected ',' or ']'" "error on stdin")

elseif(CASE STREQUAL "stats")
  file(SIZE "${all_kinds}" all_kinds_bytes)
  set(checked_kernels "")
  foreach(kernel scalar avx2 avx512 neon)
    run_jsonx(ARGS stats --kernel ${kernel} "${all_kinds}")
    if(run_status EQUAL 2 AND run_err MATCHES
       "--kernel ${kernel}: (this CPU cannot run the ${kernel} kernel|the ${kernel} kernel is not in this build, which is (for [a-z0-9-]+|portable) and has [a-z0-9_, ]+)")
      message(STATUS "kernel ${kernel}: ${run_err}not checked")
      continue()
    endif()
    list(APPEND checked_kernels ${kernel})
    foreach(chunk_size 1 2 5 63 64 65 64k)
      run_jsonx(ARGS stats --kernel ${kernel} --chunk-size ${chunk_size} "${all_kinds}"
                EXPECT_STATUS 0)
      set(chunk_bytes ${chunk_size})
      if(chunk_size STREQUAL "64k")
        set(chunk_bytes 65536)
      endif()
      string(CONCAT expected_stats
        "input:       ${all_kinds}\nbytes:       ${all_kinds_bytes}\n"
        "kernel:      ${kernel}\nchunk_size:  ${chunk_bytes}\n${all_kinds_counts}")
      expect_equal("${run_out}" "${expected_stats}"
                   "stats --kernel ${kernel} --chunk-size ${chunk_size}")
    endforeach()
  endforeach()
  if(NOT "scalar" IN_LIST checked_kernels)
    fail("the scalar kernel runs on every CPU but was refused")
  endif()
  message(STATUS "kernels checked: ${checked_kernels}")

  # JSONX_KERNEL picks the kernel when --kernel does not.
  run_jsonx(ARGS stats "${all_kinds}" ENV JSONX_KERNEL=scalar EXPECT_STATUS 0)
  expect_match("${run_out}" "\nkernel: +scalar\n" "JSONX_KERNEL=scalar")
  run_jsonx(ARGS stats "${all_kinds}" ENV JSONX_KERNEL=avx2_emulated EXPECT_STATUS 0)
  expect_match("${run_out}" "\nkernel: +avx2_emulated\n" "JSONX_KERNEL=avx2_emulated")

  # Without JSONX_KERNEL (unset here: ctest may run the suite with it set), the best kernel the
  # CPU runs: the first of run-time dispatch's order (avx512, avx2, neon, scalar) that --kernel
  # accepted above; neon in an aarch64 build.
  foreach(kernel avx512 avx2 neon scalar)
    if(kernel IN_LIST checked_kernels)
      set(best_kernel ${kernel})
      break()
    endif()
  endforeach()
  run_jsonx(ARGS stats "${all_kinds}" ENV --unset=JSONX_KERNEL EXPECT_STATUS 0)
  expect_match("${run_out}" "\nkernel: +${best_kernel}\n" "the default kernel")
  expect_equal("${run_err}" "" "no JSONX_KERNEL: nothing on stderr")
  # A JSONX_KERNEL that cannot be honoured (not in this build, or not run by this CPU, as
  # --kernel said above; or no kernel at all) is ignored, with one line on stderr saying why
  # and which kernel runs instead; the run goes on with the best kernel. This is what the
  # kernel_environment tests of tests/simd check in-process, run as a user meets it.
  set(refused_kernels avx512 avx2 neon no-such-kernel)
  list(REMOVE_ITEM refused_kernels ${checked_kernels})
  foreach(kernel IN LISTS refused_kernels)
    if(kernel STREQUAL "no-such-kernel")
      set(reason "it names no kernel \\([a-z0-9_, ]*scalar[a-z0-9_, ]*\\)")
    else()
      set(reason "(this CPU cannot run the ${kernel} kernel|the ${kernel} kernel is not in this build, which is (for [a-z0-9-]+|portable) and has [a-z0-9_, ]+)[^\n]*")
    endif()
    run_jsonx(ARGS stats "${all_kinds}" ENV JSONX_KERNEL=${kernel} EXPECT_STATUS 0)
    expect_match("${run_err}"
      "^jsonx: JSONX_KERNEL=${kernel} is ignored: ${reason}; the ${best_kernel} kernel runs instead\n$"
      "JSONX_KERNEL=${kernel}: one line on stderr")
    expect_match("${run_out}" "\nkernel: +${best_kernel}\n" "JSONX_KERNEL=${kernel}: the kernel run")
  endforeach()

  run_jsonx(ARGS stats --chunk-size 3 - INPUT_FILE "${all_kinds}" EXPECT_STATUS 0)
  strip_run_lines("${run_out}" stdin_counts)
  expect_equal("${stdin_counts}" "bytes:       ${all_kinds_bytes}\n${all_kinds_counts}"
               "stats stdin")

  run_jsonx(ARGS stats "${missing_comma}" EXPECT_STATUS 1)
  expect_equal("${run_out}" "" "no counts for an invalid input")
  expect_match("${run_err}" "at line 3, column 19" "stats reports the error")

elseif(CASE STREQUAL "multiple_values")
  run_jsonx(ARGS validate --multiple-values "${three_values}" EXPECT_STATUS 0)
  expect_match("${run_out}" "three_values.ndjson: valid JSON, 3 values \\([0-9]+ bytes\\)\n$"
               "validate --multiple-values counts the values")
  # No value at all: valid where several are allowed (and said so), an error where one is due.
  file(MAKE_DIRECTORY "${WORK_DIR}")
  file(WRITE "${WORK_DIR}/empty.json" "")
  file(WRITE "${WORK_DIR}/blank.json" " \n\t\n")
  run_jsonx(ARGS validate --multiple-values "${WORK_DIR}/empty.json" EXPECT_STATUS 0)
  expect_match("${run_out}" "empty.json: valid JSON, 0 values \\(0 bytes\\)\n$"
               "validate --multiple-values on empty input")
  run_jsonx(ARGS validate --multiple-values "${WORK_DIR}/blank.json" EXPECT_STATUS 0)
  expect_match("${run_out}" "blank.json: valid JSON, 0 values \\(4 bytes\\)\n$"
               "validate --multiple-values on blanks")
  run_jsonx(ARGS validate --lines "${WORK_DIR}/empty.json" EXPECT_STATUS 0)
  expect_match("${run_out}" "empty.json: 0 valid lines, 0 invalid, 0 blank \\(0 bytes\\)\n$"
               "validate --lines on empty input")
  run_jsonx(ARGS validate "${WORK_DIR}/empty.json" EXPECT_STATUS 1)
  expect_equal("${run_out}" "" "validate (one value) on empty input says nothing is valid")
  expect_match("${run_err}" "empty.json: unexpected end of input at line 1, column 1 \\(byte 0\\)"
               "validate (one value) on empty input: the error")
  run_jsonx(ARGS validate "${three_values}" EXPECT_STATUS 1)
  expect_match("${run_err}" "at line 2, column 1 " "a second value is an error by default")
  foreach(chunk_size 1 4 64k)
    run_jsonx(ARGS stats --multiple-values --chunk-size ${chunk_size} "${three_values}"
              EXPECT_STATUS 0)
    string(CONCAT expected_counts
      "\nint64: +3\n.*\nstrings: +1\nkeys: +1\nobjects: +1\narrays: +1\nmax_depth: +1\n$")
    expect_match("${run_out}" "${expected_counts}"
                 "stats --multiple-values --chunk-size ${chunk_size}")
  endforeach()

elseif(CASE STREQUAL "conformance")
  resolve_data_dir(JSONX_CONFORMANCE_DIR "${CONFORMANCE_DIR_DEFAULT}" conformance_root)
  set(suite "${conformance_root}/JSONTestSuite/test_parsing")
  if(NOT IS_DIRECTORY "${suite}")
    message("SKIPPED: no conformance suite at ${suite} (set JSONX_CONFORMANCE_DIR)")
    return()
  endif()
  file(GLOB files "${suite}/*.json")
  set(checked 0)
  foreach(file IN LISTS files)
    get_filename_component(name "${file}" NAME)
    run_jsonx(ARGS validate "${file}")
    set(whole_status "${run_status}")
    set(whole_err "${run_err}")
    run_jsonx(ARGS validate --chunk-size 1 "${file}")
    if(NOT run_status STREQUAL whole_status OR NOT run_err STREQUAL whole_err)
      fail("${name}: whole input gave ${whole_status} (${whole_err}), "
           "1-byte chunks gave ${run_status} (${run_err})")
    endif()
    if(name MATCHES "^y_" AND NOT whole_status EQUAL 0)
      fail("${name} must be accepted:\n${whole_err}")
    elseif(name MATCHES "^n_" AND NOT whole_status EQUAL 1)
      fail("${name} must be rejected with status 1, got ${whole_status}")
    elseif(name MATCHES "^i_" AND NOT (whole_status EQUAL 0 OR whole_status EQUAL 1))
      fail("${name} must be accepted or rejected, got status ${whole_status}:\n${whole_err}")
    endif()
    math(EXPR checked "${checked} + 1")
  endforeach()
  if(checked EQUAL 0)
    fail("no .json file in ${suite}")
  endif()
  message(STATUS "conformance: ${checked} files, whole and in 1-byte chunks")

elseif(CASE STREQUAL "corpus")
  resolve_data_dir(JSONX_CORPUS_DIR "${CORPUS_DIR_DEFAULT}" corpus_dir)
  set(checked 0)
  foreach(name twitter citm_catalog canada small)
    set(file "${corpus_dir}/${name}.json")
    if(NOT EXISTS "${file}")
      message(STATUS "${name}.json: not in ${corpus_dir}, not checked")
      continue()
    endif()
    # The counts must not depend on the chunk size, the kernel or the input being a pipe.
    run_jsonx(ARGS stats "${file}" EXPECT_STATUS 0)
    strip_run_lines("${run_out}" reference)
    # 1-byte chunks on the files under 1 MB only: the parser's own tests cut every corpus file
    # at every kind of boundary, and a byte at a time the larger two take most of this suite's
    # time on a loaded machine.
    set(smallest_chunk 1)
    file(SIZE "${file}" file_bytes)
    if(file_bytes GREATER 1000000)
      set(smallest_chunk 61)
    endif()
    foreach(chunk_size ${smallest_chunk} 4096 1M)
      run_jsonx(ARGS stats --chunk-size ${chunk_size} "${file}" EXPECT_STATUS 0)
      strip_run_lines("${run_out}" counts)
      expect_equal("${counts}" "${reference}" "${name} --chunk-size ${chunk_size}")
    endforeach()
    run_jsonx(ARGS stats --kernel scalar - INPUT_FILE "${file}" EXPECT_STATUS 0)
    strip_run_lines("${run_out}" counts)
    expect_equal("${counts}" "${reference}" "${name} on stdin with the scalar kernel")
    message(STATUS "${name}.json:\n${reference}")
    math(EXPR checked "${checked} + 1")
  endforeach()
  if(checked EQUAL 0)
    message("SKIPPED: no corpus file in ${corpus_dir} (set JSONX_CORPUS_DIR)")
  endif()

elseif(COMMAND cli_case_${CASE})
  cmake_language(CALL cli_case_${CASE})
else()
  fail("unknown case")
endif()
