# The output commands: fmt, min (streaming reformat) and get (JSON Pointer lookup). Included by
# cli_test.cmake, whose helpers and variables these cases use; each case is a function
# cli_case_<name>.

set(pointer_keys "${DATA_DIR}/pointer_keys.json")

# Drops the lines of `stats` that differ between two texts of the same values.
function(strip_layout_lines stats_text out_var)
  string(REGEX REPLACE "(input|bytes|kernel|chunk_size):[^\n]*\n" "" stripped "${stats_text}")
  set(${out_var} "${stripped}" PARENT_SCOPE)
endfunction()

function(expect_same_file actual expected what)
  file(SHA256 "${actual}" actual_hash)
  file(SHA256 "${expected}" expected_hash)
  if(NOT actual_hash STREQUAL expected_hash)
    fail("${what}: ${actual} differs from ${expected}")
  endif()
endfunction()

function(cli_case_fmt_min)
  file(READ "${DATA_DIR}/all_kinds.min.json" expected_min)
  file(READ "${DATA_DIR}/all_kinds.fmt.json" expected_fmt)
  foreach(chunk_size 1 2 7 64 64k)
    run_jsonx(ARGS min --chunk-size ${chunk_size} "${all_kinds}" EXPECT_STATUS 0)
    expect_equal("${run_out}" "${expected_min}" "min --chunk-size ${chunk_size}")
    expect_equal("${run_err}" "" "min prints nothing on stderr")
    run_jsonx(ARGS fmt --chunk-size ${chunk_size} "${all_kinds}" EXPECT_STATUS 0)
    expect_equal("${run_out}" "${expected_fmt}" "fmt --chunk-size ${chunk_size}")
  endforeach()
  run_jsonx(ARGS fmt --kernel scalar "${all_kinds}" EXPECT_STATUS 0)
  expect_equal("${run_out}" "${expected_fmt}" "fmt with the scalar kernel")
  run_jsonx(ARGS min - INPUT_FILE "${all_kinds}" EXPECT_STATUS 0)
  expect_equal("${run_out}" "${expected_min}" "min of standard input")
  run_jsonx(ARGS fmt --chunk-size 3 - INPUT_FILE "${all_kinds}" EXPECT_STATUS 0)
  expect_equal("${run_out}" "${expected_fmt}" "fmt of standard input")

  # --indent N: N spaces per level; 0 is the compact form.
  run_jsonx(ARGS fmt --indent 4 "${all_kinds}" EXPECT_STATUS 0)
  expect_match("${run_out}" "^{\n    \"null\": null,\n    \"bools\": \\[\n        true,\n"
               "fmt --indent 4")
  expect_match("${run_out}" "\n                \"c\": \\[\\]\n            }\n        }\n    }\n}\n$"
               "fmt --indent 4, the deepest level")
  run_jsonx(ARGS fmt --indent=0 "${all_kinds}" EXPECT_STATUS 0)
  expect_equal("${run_out}" "${expected_min}" "fmt --indent 0")

  # Several top-level values: one per line.
  run_jsonx(ARGS min --multiple-values "${three_values}" EXPECT_STATUS 0)
  expect_equal("${run_out}" "{\"a\":1}\n[2,3]\n\"four\"\n" "min --multiple-values")
  run_jsonx(ARGS fmt --multiple-values "${three_values}" EXPECT_STATUS 0)
  expect_equal("${run_out}" "{\n  \"a\": 1\n}\n[\n  2,\n  3\n]\n\"four\"\n"
               "fmt --multiple-values")

  # An error: the same report as validate's; what was streamed before it ends with a newline.
  run_jsonx(ARGS validate "${missing_comma}" EXPECT_STATUS 1)
  set(validate_err "${run_err}")
  foreach(command min fmt)
    foreach(chunk_size 1 5 64k)
      run_jsonx(ARGS ${command} --chunk-size ${chunk_size} "${missing_comma}" EXPECT_STATUS 1)
      expect_equal("${run_err}" "${validate_err}" "${command} reports the error as validate does")
    endforeach()
  endforeach()
  run_jsonx(ARGS min "${missing_comma}" EXPECT_STATUS 1)
  expect_equal("${run_out}" "{\"name\":\"jsonx\",\"tags\":[\"fast\"\n"
               "min's output up to the error")

  # An output that fails (a full disk): one report, exit 2, no further input read.
  if(EXISTS /dev/full)
    foreach(command min fmt validate)
      run_jsonx(ARGS ${command} "${all_kinds}" "${all_kinds}" OUTPUT_FILE /dev/full
                EXPECT_STATUS 2)
      expect_match("${run_err}" "^jsonx: [^\n]*cannot write the output: No space left on device\n$"
                   "${command} > /dev/full")
    endforeach()
  endif()
endfunction()

# min(fmt(x)) == min(x) on the corpus, whatever the indent and the chunk sizes; min is
# idempotent; and the reformatted texts hold the same events as the original.
function(cli_case_round_trip)
  resolve_data_dir(JSONX_CORPUS_DIR "${CORPUS_DIR_DEFAULT}" corpus_dir)
  file(MAKE_DIRECTORY "${WORK_DIR}")
  set(checked 0)
  foreach(name twitter citm_catalog canada small)
    set(input "${corpus_dir}/${name}.json")
    if(NOT EXISTS "${input}")
      message(STATUS "${name}.json: not in ${corpus_dir}, not checked")
      continue()
    endif()
    set(minified "${WORK_DIR}/${name}.min.json")
    run_jsonx(ARGS min "${input}" OUTPUT_FILE "${minified}" EXPECT_STATUS 0)
    foreach(indent 2 3)
      set(round_trip "${WORK_DIR}/${name}.fmt${indent}.min.json")
      execute_process(COMMAND ${JSONX_COMMAND} fmt --indent ${indent} --chunk-size 4093 "${input}"
                      COMMAND ${JSONX_COMMAND} min --chunk-size 1000 -
                      OUTPUT_FILE "${round_trip}" RESULTS_VARIABLE statuses)
      expect_equal("${statuses}" "0;0" "fmt --indent ${indent} | min on ${name}")
      expect_same_file("${round_trip}" "${minified}" "min(fmt --indent ${indent} (${name}))")
    endforeach()
    run_jsonx(ARGS min "${minified}" OUTPUT_FILE "${WORK_DIR}/${name}.min2.json" EXPECT_STATUS 0)
    expect_same_file("${WORK_DIR}/${name}.min2.json" "${minified}" "min(min(${name}))")

    run_jsonx(ARGS stats "${input}" EXPECT_STATUS 0)
    strip_layout_lines("${run_out}" original_counts)
    run_jsonx(ARGS fmt "${input}" OUTPUT_FILE "${WORK_DIR}/${name}.fmt.json" EXPECT_STATUS 0)
    foreach(reformatted "${minified}" "${WORK_DIR}/${name}.fmt.json")
      run_jsonx(ARGS stats "${reformatted}" EXPECT_STATUS 0)
      strip_layout_lines("${run_out}" counts)
      expect_equal("${counts}" "${original_counts}" "the events of ${reformatted}")
    endforeach()
    file(SIZE "${input}" input_bytes)
    file(SIZE "${minified}" minified_bytes)
    if(minified_bytes GREATER input_bytes)
      fail("min made ${name}.json larger: ${minified_bytes} > ${input_bytes} bytes")
    endif()
    # get "" streams the whole document through the pointer selector: min's output again.
    execute_process(COMMAND ${JSONX_COMMAND} get --chunk-size 1000 "${input}" ""
                    OUTPUT_FILE "${WORK_DIR}/${name}.root.json" RESULT_VARIABLE status)
    expect_equal("${status}" "0" "get \"\" on ${name}")
    expect_same_file("${WORK_DIR}/${name}.root.json" "${minified}" "get \"\" on ${name}")
    message(STATUS "${name}.json: ${input_bytes} bytes, minified ${minified_bytes}")
    math(EXPR checked "${checked} + 1")
  endforeach()
  if(checked EQUAL 0)
    message("SKIPPED: no corpus file in ${corpus_dir} (set JSONX_CORPUS_DIR)")
  endif()
endfunction()

# get streams: keys and strings cut by a chunk end arrive in parts, so every lookup is tried
# with 1-byte chunks too.
function(expect_get file pointer expected what)
  foreach(chunk_size 1 64k)
    run_jsonx(ARGS get --chunk-size ${chunk_size} "${file}" "${pointer}" EXPECT_STATUS 0)
    expect_equal("${run_out}" "${expected}\n" "get ${pointer} (${chunk_size}-byte chunks): ${what}")
    expect_equal("${run_err}" "" "get ${pointer} prints nothing on stderr")
  endforeach()
endfunction()

function(expect_get_absent file pointer)
  foreach(chunk_size 1 64k)
    run_jsonx(ARGS get --chunk-size ${chunk_size} "${file}" "${pointer}" EXPECT_STATUS 1)
    expect_equal("${run_out}" "" "get ${pointer} prints nothing when absent")
    expect_match("${run_err}" "^jsonx: [^\n]*: no value at '[^']*'\n$"
                 "get ${pointer} says it is absent")
  endforeach()
endfunction()

function(cli_case_get)
  expect_get("${pointer_keys}" "/a~1b" "1" "~1 is /")
  expect_get("${pointer_keys}" "/m~0n/0" "true" "~0 is ~")
  expect_get("${pointer_keys}" "/m~0n/1/" "\"empty key\"" "an empty key")
  expect_get("${pointer_keys}" "/dup" "[2]" "the last of duplicate keys")
  expect_get("${pointer_keys}" "/x" "{\"y\":null}" "an object, compact")
  expect_get("${pointer_keys}" "/x/y" "null" "null")
  expect_get("${all_kinds}" "/int64/3" "-9223372036854775808" "INT64_MIN")
  expect_get("${all_kinds}" "/big/0" "123456789012345678901234567890" "a big integer, as text")
  expect_get("${all_kinds}" "/strings/2" "\"été 😀\"" "unescaped UTF-8")
  expect_get("${all_kinds}" "/nested/a" "{\"b\":{\"c\":[]}}" "nested")
  expect_get("${all_kinds}" "/strings/1" "\"esc\\\"aped\\n\"" "re-escaped")
  # Of duplicate keys the last wins at every level, as in the DOM: the first "a" is replaced
  # by the second, so /a/b is gone.
  set(duplicates "${DATA_DIR}/duplicate_paths.json")
  expect_get("${duplicates}" "/a" "{\"c\":[10,20]}" "the last duplicate")
  expect_get("${duplicates}" "/a/c/1" "20" "under the last duplicate")
  expect_get("${duplicates}" "/k/1/b/a" "2" "a key met before at another level")
  expect_get("${duplicates}" "/k/0/a" "0" "a key met again later elsewhere")
  expect_get_absent("${duplicates}" "/a/b")

  # The empty pointer is the whole document (execute_process passes a quoted "" through).
  execute_process(COMMAND ${JSONX_COMMAND} get "${pointer_keys}" ""
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  expect_equal("${status}" "0" "get \"\": exit status (${err})")
  expect_equal("${out}"
               "{\"a/b\":1,\"m~n\":[true,{\"\":\"empty key\"}],\"dup\":1,\"dup\":[2],\"x\":{\"y\":null}}\n"
               "get \"\" prints the whole document")

  run_jsonx(ARGS get --indent 2 "${pointer_keys}" /x EXPECT_STATUS 0)
  expect_equal("${run_out}" "{\n  \"y\": null\n}\n" "get --indent 2")
  run_jsonx(ARGS get --chunk-size 1 - /m~0n INPUT_FILE "${pointer_keys}" EXPECT_STATUS 0)
  expect_equal("${run_out}" "[true,{\"\":\"empty key\"}]\n" "get from standard input, 1-byte chunks")

  # Absent: exit 1.
  foreach(pointer /nope /m~0n/2 /m~0n/01 /m~0n/- /x/y/z /a~1b/0 /x/Y)
    expect_get_absent("${pointer_keys}" "${pointer}")
  endforeach()
  # A parse error: exit 2, with the report validate gives.
  run_jsonx(ARGS validate "${missing_comma}" EXPECT_STATUS 1)
  set(validate_err "${run_err}")
  run_jsonx(ARGS get "${missing_comma}" /name EXPECT_STATUS 2)
  expect_equal("${run_out}" "" "get prints no value from an invalid document")
  expect_equal("${run_err}" "${validate_err}" "get reports the parse error as validate does")
  # The error lies in a value off the path (skipped by the parser), cut by chunk ends anywhere.
  foreach(chunk_size 1 3 7)
    run_jsonx(ARGS get --chunk-size ${chunk_size} "${missing_comma}" /name EXPECT_STATUS 2)
    expect_equal("${run_err}" "${validate_err}"
                 "get reports an error in a skipped value as validate does (${chunk_size}-byte chunks)")
  endforeach()
  # Several inputs: a value per input that has one; exit 1 as one has none.
  run_jsonx(ARGS get "${all_kinds}" "${pointer_keys}" "${all_kinds}" /nested/a EXPECT_STATUS 1)
  expect_equal("${run_out}" "{\"b\":{\"c\":[]}}\n{\"b\":{\"c\":[]}}\n" "get over three inputs")
  expect_match("${run_err}" "^jsonx: [^\n]*pointer_keys.json: no value at '/nested/a'"
               "get names the input without the value")
endfunction()
