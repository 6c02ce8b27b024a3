# ctest corpus_generate_tool: jsonx-generate writes the same valid document for the same
# arguments, of about the size asked, refuses bad arguments, and (where the tool is built) the
# document is valid JSON to `jsonx validate`: README's main job runs on it in a plain clone.
#   cmake -DGENERATE=... [-DJSONX=...] [-DEMULATOR=...] -DWORK_DIR=... -P generate_tool_test.cmake
cmake_minimum_required(VERSION 3.25)
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

function(run)
  execute_process(COMMAND ${EMULATOR} ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  set(run_status "${status}" PARENT_SCOPE)
  set(run_err "${err}" PARENT_SCOPE)
endfunction()

run("${GENERATE}" twitter 600000 1 -o "${WORK_DIR}/a.json")
if(NOT run_status EQUAL 0)
  message(FATAL_ERROR "jsonx-generate failed (${run_status}): ${run_err}")
endif()
run("${GENERATE}" twitter 600000 1 -o "${WORK_DIR}/b.json")
file(SIZE "${WORK_DIR}/a.json" bytes)
if(bytes LESS 500000 OR bytes GREATER 700000)
  message(FATAL_ERROR "asked for ~600000 bytes, got ${bytes}")
endif()
file(SHA256 "${WORK_DIR}/a.json" first)
file(SHA256 "${WORK_DIR}/b.json" second)
if(NOT first STREQUAL second)
  message(FATAL_ERROR "the same arguments gave two different documents")
endif()
run("${GENERATE}" twitter 600000 2 -o "${WORK_DIR}/c.json")
file(SHA256 "${WORK_DIR}/c.json" other_seed)
if(other_seed STREQUAL first)
  message(FATAL_ERROR "another seed gave the same document")
endif()

foreach(bad_arguments "tweeter;64k" "twitter;0" "twitter;12q" "twitter")
  run("${GENERATE}" ${bad_arguments})
  if(NOT run_status EQUAL 2 OR NOT run_err MATCHES "^jsonx-generate: .*\nusage: ")
    message(FATAL_ERROR "'${bad_arguments}' gave status ${run_status}: ${run_err}")
  endif()
endforeach()

if(JSONX)
  run("${JSONX}" validate "${WORK_DIR}/a.json")
  if(NOT run_status EQUAL 0)
    message(FATAL_ERROR "jsonx validate refused the generated document: ${run_err}")
  endif()
endif()
file(REMOVE_RECURSE "${WORK_DIR}")
