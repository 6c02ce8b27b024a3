# fmt and min --partial[=MODE] (an input cut short prints its value so far, exit 3) and --watch
# (the value so far after every read). Included by cli_test.cmake, whose helpers and variables
# these cases use. JSON texts are bracket arguments ([=[...]=]): no CMake escapes in them.

# Writes `input` to a file and checks `min --partial=MODE` for each mode: the exit status
# (3: cut short, 0: complete) and the output line (none if the expected value is empty), the
# same with 1-byte chunks.
function(expect_cut name input strict strings numbers trailing)
  set(file "${WORK_DIR}/${name}.json")
  file(WRITE "${file}" "${input}")
  set(status 3)
  if(ARGC GREATER 6)
    set(status ${ARGV6})
  endif()
  foreach(mode strict strings numbers trailing)
    set(expected "${${mode}}")
    if(NOT expected STREQUAL "")
      string(APPEND expected "\n")
    endif()
    foreach(chunk_size 1 64k)
      run_jsonx(ARGS min --partial=${mode} --chunk-size ${chunk_size} "${file}"
                EXPECT_STATUS ${status})
      expect_equal("${run_out}" "${expected}" "min --partial=${mode} of ${input}")
      expect_equal("${run_err}" "" "min --partial=${mode} of ${input}: nothing on stderr")
    endforeach()
  endforeach()
endfunction()

function(cli_case_partial)
  file(MAKE_DIRECTORY "${WORK_DIR}")
  file(READ "${DATA_DIR}/all_kinds.min.json" expected_min)
  file(READ "${DATA_DIR}/all_kinds.fmt.json" expected_fmt)

  # Each rule of partial_mode on a cut, in the four modes: strict, strings, numbers, trailing.
  # The first four are the README's table.
  expect_cut(nested [=[{"a":[1,{"b":2]=]
             [=[{"a":[1,{}]}]=] [=[{"a":[1,{}]}]=] [=[{"a":[1,{"b":2}]}]=] [=[{"a":[1,{"b":2}]}]=])
  expect_cut(string [=[{"a":"hel]=] [=[{}]=] [=[{"a":"hel"}]=] [=[{}]=] [=[{"a":"hel"}]=])
  expect_cut(escape [=[["ab\u00]=] [=[[]]=] [=[["ab"]]=] [=[[]]=] [=[["ab"]]=])
  expect_cut(number_dot [=[[1.]=] [=[[]]=] [=[[]]=] [=[[]]=] [=[[]]=])
  expect_cut(key [=[{"a":1,"b]=] [=[{"a":1}]=] [=[{"a":1}]=] [=[{"a":1}]=] [=[{"a":1}]=])
  expect_cut(key_colon [=[{"a":1,"b":]=]
             [=[{"a":1}]=] [=[{"a":1}]=] [=[{"a":1}]=] [=[{"a":1}]=])
  expect_cut(surrogate [=[{"a":"x\ud83d]=] [=[{}]=] [=[{"a":"x"}]=] [=[{}]=] [=[{"a":"x"}]=])
  # A UTF-8 sequence cut short: "é" is C3 A9; the cut leaves C3.
  string(ASCII 195 c3)
  expect_cut(utf8 "[\"caf${c3}" [=[[]]=] [=[["caf"]]=] [=[[]]=] [=[["caf"]]=])
  expect_cut(literal [=[[1,tr]=] [=[[1]]=] [=[[1]]=] [=[[1]]=] [=[[1]]=])
  expect_cut(whole_literal [=[[1,true]=] [=[[1,true]]=] [=[[1,true]]=] [=[[1,true]]=]
             [=[[1,true]]=])
  expect_cut(integer [=[[12]=] [=[[]]=] [=[[]]=] [=[[12]]=] [=[[12]]=])
  expect_cut(minus [=[[-]=] [=[[]]=] [=[[]]=] [=[[]]=] [=[[]]=])
  expect_cut(exponent [=[[1,-0.5,1e]=] [=[[1,-0.5]]=] [=[[1,-0.5]]=] [=[[1,-0.5]]=]
             [=[[1,-0.5]]=])
  # Nothing kept: nothing printed, still status 3. An empty input is the start of any text.
  expect_cut(top_string [=["abc]=] "" [=["abc"]=] "" [=["abc"]=])
  expect_cut(empty "" "" "" "" "")
  expect_cut(blanks "  \n " "" "" "" "")
  # A snapshot prints numbers from their values (the DOM keeps no number text).
  expect_cut(number_text [=[{"a":1.50,"b":[1E3,-0,]=] [=[{"a":1.5,"b":[1000.0,0]}]=]
             [=[{"a":1.5,"b":[1000.0,0]}]=] [=[{"a":1.5,"b":[1000.0,0]}]=]
             [=[{"a":1.5,"b":[1000.0,0]}]=])
  # Complete: the source text, status 0; a top-level number ends with the input.
  expect_cut(complete [=[{"a":1.50,"b":[1E3,-0]}]=] [=[{"a":1.50,"b":[1E3,-0]}]=]
             [=[{"a":1.50,"b":[1E3,-0]}]=] [=[{"a":1.50,"b":[1E3,-0]}]=]
             [=[{"a":1.50,"b":[1E3,-0]}]=] 0)
  expect_cut(top_number "12" "12" "12" "12" "12" 0)

  # fmt prints the same values pretty, --indent too.
  set(nested "${WORK_DIR}/nested.json")
  run_jsonx(ARGS fmt --partial=numbers "${nested}" EXPECT_STATUS 3)
  expect_equal("${run_out}" "{\n  \"a\": [\n    1,\n    {\n      \"b\": 2\n    }\n  ]\n}\n"
               "fmt --partial=numbers")
  run_jsonx(ARGS fmt --indent 0 --partial "${nested}" EXPECT_STATUS 3)
  expect_equal("${run_out}" "{\"a\":[1,{}]}\n" "fmt --indent 0 --partial")
  # A bare --partial is strict, and the next argument stays an input.
  run_jsonx(ARGS min --partial "${nested}" EXPECT_STATUS 3)
  expect_equal("${run_out}" "{\"a\":[1,{}]}\n" "min --partial FILE")

  # A complete input prints byte for byte as without --partial, with status 0, whatever the
  # mode and the chunk size, from a file, standard input or gzip.
  foreach(mode strict strings numbers trailing)
    foreach(chunk_size 1 7 64k)
      run_jsonx(ARGS min --partial=${mode} --chunk-size ${chunk_size} "${all_kinds}"
                EXPECT_STATUS 0)
      expect_equal("${run_out}" "${expected_min}" "min --partial=${mode} of a complete input")
      run_jsonx(ARGS fmt --partial=${mode} --chunk-size ${chunk_size} "${all_kinds}"
                EXPECT_STATUS 0)
      expect_equal("${run_out}" "${expected_fmt}" "fmt --partial=${mode} of a complete input")
    endforeach()
  endforeach()
  run_jsonx(ARGS min --partial - INPUT_FILE "${all_kinds}" EXPECT_STATUS 0)
  expect_equal("${run_out}" "${expected_min}" "min --partial of standard input")
  execute_process(COMMAND gzip -c "${all_kinds}" OUTPUT_FILE "${WORK_DIR}/all_kinds.json.gz"
                  RESULT_VARIABLE gzip_status)
  if(NOT gzip_status EQUAL 0)
    fail("gzip failed: ${gzip_status}")
  endif()
  run_jsonx(ARGS fmt --partial "${WORK_DIR}/all_kinds.json.gz" EXPECT_STATUS 0)
  expect_equal("${run_out}" "${expected_fmt}" "fmt --partial of a gzip file")
  # A truncated input, compressed: its value so far.
  execute_process(COMMAND gzip -c "${nested}" OUTPUT_FILE "${WORK_DIR}/nested.json.gz")
  run_jsonx(ARGS min --partial=trailing "${WORK_DIR}/nested.json.gz" EXPECT_STATUS 3)
  expect_equal("${run_out}" "{\"a\":[1,{\"b\":2}]}\n" "min --partial of a truncated gzip file")

  # Every prefix of all_kinds.json (escapes, a surrogate pair, UTF-8, big numbers): status 3
  # and one valid line, the same as the last line --watch prints after as many bytes (see
  # cli_case_watch), until the last bytes, which are complete.
  file(SIZE "${all_kinds}" all_kinds_bytes)
  file(READ "${all_kinds}" all_kinds_text)
  foreach(mode strict trailing)
    set(snapshots "")
    set(last "")
    math(EXPR last_cut "${all_kinds_bytes} - 1")
    foreach(cut RANGE 1 ${last_cut})
      string(SUBSTRING "${all_kinds_text}" 0 ${cut} prefix)
      file(WRITE "${WORK_DIR}/prefix.json" "${prefix}")
      run_jsonx(ARGS min --partial=${mode} "${WORK_DIR}/prefix.json")
      if(run_status EQUAL 0)
        expect_equal("${run_out}" "${expected_min}" "min --partial=${mode}, ${cut} bytes")
        continue()
      endif()
      if(NOT run_status EQUAL 3 OR NOT run_err STREQUAL "")
        fail("min --partial=${mode} of the first ${cut} bytes of all_kinds.json exited with "
             "${run_status}:\n${run_err}")
      endif()
      if(NOT run_out STREQUAL "" AND NOT run_out STREQUAL last)
        string(APPEND snapshots "${run_out}")
        set(last "${run_out}")
      endif()
    endforeach()
    # One valid value per line.
    file(WRITE "${WORK_DIR}/snapshots_${mode}.ndjson" "${snapshots}")
    run_jsonx(ARGS validate --lines "${WORK_DIR}/snapshots_${mode}.ndjson" EXPECT_STATUS 0)
    expect_match("${run_out}" ": [1-9][0-9]* valid lines, 0 invalid, 0 blank"
                 "min --partial=${mode} of every prefix: valid JSON")
    set(prefix_snapshots_${mode} "${snapshots}" PARENT_SCOPE)
    set(prefix_snapshots_${mode} "${snapshots}")
  endforeach()
  # The snapshots the core gives mid-stream (--watch) and at the end (--partial) agree.
  foreach(mode strict trailing)
    run_jsonx(ARGS min --watch --partial=${mode} --chunk-size 1 "${all_kinds}" EXPECT_STATUS 0)
    expect_equal("${run_out}" "${prefix_snapshots_${mode}}${expected_min}"
                 "min --watch --partial=${mode} --chunk-size 1: the --partial of every prefix")
  endforeach()

  # Invalid input: reported as without --partial, status 1, nothing printed, even when the
  # error comes after a valid beginning.
  run_jsonx(ARGS validate "${missing_comma}" EXPECT_STATUS 1)
  set(validate_err "${run_err}")
  foreach(command min fmt)
    foreach(chunk_size 1 64k)
      run_jsonx(ARGS ${command} --partial --chunk-size ${chunk_size} "${missing_comma}"
                EXPECT_STATUS 1)
      expect_equal("${run_err}" "${validate_err}" "${command} --partial of an invalid input")
      expect_equal("${run_out}" "" "${command} --partial of an invalid input prints nothing")
    endforeach()
  endforeach()
  file(WRITE "${WORK_DIR}/trailing_comma.json" [=[{"a":[1,]=])
  run_jsonx(ARGS min --partial=trailing "${WORK_DIR}/trailing_comma.json" EXPECT_STATUS 3)
  file(WRITE "${WORK_DIR}/bad_after_cut.json" [=[{"a":[1,]]=])
  run_jsonx(ARGS min --partial=trailing "${WORK_DIR}/bad_after_cut.json" EXPECT_STATUS 1)
  expect_match("${run_err}" "^jsonx: [^\n]*bad_after_cut.json: [^\n]* at line 1, column 9 "
               "min --partial: a bad byte after a valid beginning")
  expect_equal("${run_out}" "" "min --partial: nothing printed of an invalid input")

  # Several inputs: one output each, in order; the status is the worst (2, 1, 3, 0).
  run_jsonx(ARGS min --partial "${nested}" "${all_kinds}" EXPECT_STATUS 3)
  expect_equal("${run_out}" "{\"a\":[1,{}]}\n${expected_min}" "a truncated and a complete input")
  run_jsonx(ARGS min --partial "${all_kinds}" "${all_kinds}" EXPECT_STATUS 0)
  run_jsonx(ARGS min --partial "${nested}" "${missing_comma}" "${nested}" EXPECT_STATUS 1)
  expect_equal("${run_out}" "{\"a\":[1,{}]}\n{\"a\":[1,{}]}\n" "truncated, invalid, truncated")
  run_jsonx(ARGS min --partial "${WORK_DIR}/no_such_file.json" "${nested}" EXPECT_STATUS 2)

  # --lines: each line cut short prints its value so far (a log whose lines were cut), with
  # --threads N the same bytes.
  string(CONCAT lines_text
    "{\"id\":1,\"tags\":[\"a\"]}\n"
    "{\"id\":2,\"tags\":[\"b\",\"c\n"
    "\n"
    "{\"id\":3,\"x\":tru}\n"
    "[4,\n"
    "{\"id\":5,\"text\":\"hel")
  file(WRITE "${WORK_DIR}/cut.ndjson" "${lines_text}")
  string(CONCAT expected_lines
    "{\"id\":1,\"tags\":[\"a\"]}\n{\"id\":2,\"tags\":[\"b\",\"c\"]}\n[4]\n"
    "{\"id\":5,\"text\":\"hel\"}\n")
  foreach(threads 1 2)
    foreach(chunk_size 1 64k)
      run_jsonx(ARGS min --lines --partial=strings --threads ${threads} --chunk-size ${chunk_size}
                "${WORK_DIR}/cut.ndjson" EXPECT_STATUS 1)
      expect_equal("${run_out}" "${expected_lines}"
                   "min --lines --partial=strings --threads ${threads} --chunk-size ${chunk_size}")
      expect_match("${run_err}" "^jsonx: [^\n]*cut.ndjson: invalid literal[^\n]* at line 4, "
                   "min --lines --partial: the bad line reported")
    endforeach()
  endforeach()
  file(WRITE "${WORK_DIR}/cut_last.ndjson" "{\"a\":1}\n\n{\"b\":[2,")
  run_jsonx(ARGS min --lines --partial "${WORK_DIR}/cut_last.ndjson" EXPECT_STATUS 3)
  expect_equal("${run_out}" "{\"a\":1}\n{\"b\":[2]}\n" "min --lines --partial, the last line cut")
  run_jsonx(ARGS min --lines --partial "${three_values}" EXPECT_STATUS 0)
  expect_equal("${run_out}" "{\"a\":1}\n[2,3]\n\"four\"\n" "min --lines --partial, all complete")

  # Usage errors.
  foreach(arguments
      "min;--partial=bogus;${nested}"
      "min;--partial=;${nested}"
      "validate;--partial;${nested}"
      "stats;--watch;${nested}"
      "get;--partial;${nested};/a"
      "min;--partial;--seq;${nested}"
      "min;--partial;--multiple-values;${nested}"
      "min;--watch;--lines;${nested}"
      "fmt;--watch;--seq;${nested}"
      "min;--watch=strict;${nested}"
      "min;--watch;${nested};${nested}")
    run_jsonx(ARGS ${arguments} EXPECT_STATUS 2)
    expect_match("${run_err}" "^jsonx: [^\n]+\nTry 'jsonx --help'.\n$" "usage error: ${arguments}")
  endforeach()
  run_jsonx(ARGS min --partial=bogus "${nested}" EXPECT_STATUS 2)
  expect_match("${run_err}" "strict, strings, numbers or trailing, not 'bogus'"
               "--partial=bogus names the modes")
endfunction()

function(cli_case_watch)
  file(MAKE_DIRECTORY "${WORK_DIR}")
  file(READ "${DATA_DIR}/all_kinds.min.json" expected_min)

  # From a regular file a read is exactly --chunk-size bytes: the output is known. A value is
  # printed when it changes; the final one is the source text (2.50), the snapshots print
  # values (2.5). Strings as they grow with strings; with numbers a value may shrink (2., not
  # a number by itself, after 2).
  set(call "${WORK_DIR}/call.json")
  file(WRITE "${call}" [=[{"city":"Paris","days":[1,2.50]}]=])
  run_jsonx(ARGS min --watch --chunk-size 4 "${call}" EXPECT_STATUS 0)
  string(CONCAT expected
    "{}\n"
    "{\"city\":\"Paris\"}\n"
    "{\"city\":\"Paris\",\"days\":[]}\n"
    "{\"city\":\"Paris\",\"days\":[1]}\n"
    "{\"city\":\"Paris\",\"days\":[1,2.5]}\n"
    "{\"city\":\"Paris\",\"days\":[1,2.50]}\n")
  expect_equal("${run_out}" "${expected}" "min --watch --chunk-size 4")
  run_jsonx(ARGS min --watch --partial=strings --chunk-size 5 "${call}" EXPECT_STATUS 0)
  string(CONCAT expected
    "{}\n"
    "{\"city\":\"P\"}\n"
    "{\"city\":\"Paris\"}\n"
    "{\"city\":\"Paris\",\"days\":[]}\n"
    "{\"city\":\"Paris\",\"days\":[1]}\n"
    "{\"city\":\"Paris\",\"days\":[1,2.5]}\n"
    "{\"city\":\"Paris\",\"days\":[1,2.50]}\n")
  expect_equal("${run_out}" "${expected}" "min --watch --partial=strings --chunk-size 5")
  run_jsonx(ARGS min --watch --partial=numbers --chunk-size 1 "${call}" EXPECT_STATUS 0)
  expect_match("${run_out}" "\n{\"city\":\"Paris\",\"days\":\\[1,2\\]}\n{\"city\":\"Paris\",\"days\":\\[1\\]}\n{\"city\":\"Paris\",\"days\":\\[1,2.5\\]}\n"
               "min --watch --partial=numbers: 2, then 2. (dropped), then 2.5")
  # fmt: a blank line between two values. After the last chunk the whole document is a
  # snapshot (2.5), then comes the final value (2.50).
  run_jsonx(ARGS fmt --watch --chunk-size 24 "${call}" EXPECT_STATUS 0)
  string(CONCAT expected
    "{\n  \"city\": \"Paris\",\n  \"days\": []\n}\n"
    "\n"
    "{\n  \"city\": \"Paris\",\n  \"days\": [\n    1,\n    2.5\n  ]\n}\n"
    "\n"
    "{\n  \"city\": \"Paris\",\n  \"days\": [\n    1,\n    2.50\n  ]\n}\n")
  expect_equal("${run_out}" "${expected}" "fmt --watch --chunk-size 24")

  # Cut short: the last value is the snapshot, status 3; an invalid input prints its values
  # up to the error, then the report, status 1.
  file(WRITE "${WORK_DIR}/cut.json" [=[[1,"ab]=])
  run_jsonx(ARGS min --watch --partial=strings --chunk-size 1 "${WORK_DIR}/cut.json"
            EXPECT_STATUS 3)
  expect_equal("${run_out}" "[]\n[1]\n[1,\"\"]\n[1,\"a\"]\n[1,\"ab\"]\n" "min --watch of a cut input")
  file(WRITE "${WORK_DIR}/bad.json" [=[[1,2,]]=])
  run_jsonx(ARGS min --watch --chunk-size 1 "${WORK_DIR}/bad.json" EXPECT_STATUS 1)
  expect_equal("${run_out}" "[]\n[1]\n[1,2]\n" "min --watch of an invalid input: up to the error")
  expect_match("${run_err}" "^jsonx: [^\n]*bad.json: expected a value at line 1, column 6"
               "min --watch of an invalid input: the report")
  file(WRITE "${WORK_DIR}/nothing.json" [=["abc]=])
  run_jsonx(ARGS min --watch --chunk-size 1 "${WORK_DIR}/nothing.json" EXPECT_STATUS 3)
  expect_equal("${run_out}" "" "min --watch: nothing kept, nothing printed")

  # Every byte of all_kinds.json: one valid value per line, the last the input's min.
  foreach(mode strict strings numbers trailing)
    run_jsonx(ARGS min --watch --partial=${mode} --chunk-size 1 "${all_kinds}"
              OUTPUT_FILE "${WORK_DIR}/watch_${mode}.ndjson" EXPECT_STATUS 0)
    file(READ "${WORK_DIR}/watch_${mode}.ndjson" watched)
    string(LENGTH "${expected_min}" min_length)
    string(LENGTH "${watched}" watched_length)
    math(EXPR tail_start "${watched_length} - ${min_length}")
    string(SUBSTRING "${watched}" ${tail_start} -1 watched_tail)
    expect_equal("${watched_tail}" "${expected_min}" "min --watch --partial=${mode}: the end")
    run_jsonx(ARGS validate --lines "${WORK_DIR}/watch_${mode}.ndjson" EXPECT_STATUS 0)
    expect_match("${run_out}" ": [1-9][0-9]+ valid lines, 0 invalid, 0 blank"
                 "min --watch --partial=${mode}: valid JSON on each line")
  endforeach()

  # Through a pipe (what each read gives varies): the final value.
  execute_process(COMMAND "${CMAKE_COMMAND}" -E cat "${all_kinds}"
                  COMMAND ${JSONX_COMMAND} min --watch -
                  RESULTS_VARIABLE statuses OUTPUT_VARIABLE out ERROR_VARIABLE err)
  expect_equal("${statuses}" "0;0" "cat all_kinds.json | jsonx min --watch -: ${err}")
  string(LENGTH "${out}" out_length)
  math(EXPR tail_start "${out_length} - ${min_length}")
  string(SUBSTRING "${out}" ${tail_start} -1 out_tail)
  expect_equal("${out_tail}" "${expected_min}" "min --watch through a pipe: the end")

  # Not waiting for the end of the input: watch_handshake.sh writes the second piece only
  # after reading the line the first makes (no timing involved; the timeout only catches a
  # jsonx that waits).
  find_program(sh_program sh)
  find_program(mkfifo_program mkfifo)
  if(NOT sh_program OR NOT mkfifo_program)
    message("SKIPPED: the handshake needs sh and mkfifo")
    return()
  endif()
  execute_process(COMMAND "${sh_program}" "${CMAKE_CURRENT_LIST_DIR}/watch_handshake.sh"
                          "${WORK_DIR}" ${JSONX_COMMAND}
                  TIMEOUT 120 RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  expect_equal("${status}" "0" "watch_handshake.sh (a timeout: jsonx waited for its input): ${err}")
  expect_equal("${out}" "before: {\"a\":[1]}\nafter: {\"a\":[1,2]}\nstatus: 0\n"
               "min --watch - prints the value so far before the input ends")

  # An output that fails: one report, exit 2.
  if(EXISTS /dev/full)
    run_jsonx(ARGS min --watch --chunk-size 1 "${call}" OUTPUT_FILE /dev/full EXPECT_STATUS 2)
    expect_match("${run_err}" "^jsonx: [^\n]*cannot write the output: No space left on device\n$"
                 "min --watch > /dev/full")
  endif()
endfunction()

# The conformance suite through --partial: a text accepted prints as without it (status 0);
# one rejected at the end of its input ("unexpected end of input": a valid beginning) prints
# its value so far with status 3; any other rejection is the same report, with status 1 and
# nothing printed.
function(cli_case_partial_conformance)
  resolve_data_dir(JSONX_CONFORMANCE_DIR "${CONFORMANCE_DIR_DEFAULT}" conformance_root)
  set(suite "${conformance_root}/JSONTestSuite/test_parsing")
  if(NOT IS_DIRECTORY "${suite}")
    message("SKIPPED: no conformance suite at ${suite} (set JSONX_CONFORMANCE_DIR)")
    return()
  endif()
  file(GLOB files "${suite}/*.json")
  set(cut 0)
  set(rejected 0)
  foreach(file IN LISTS files)
    get_filename_component(name "${file}" NAME)
    run_jsonx(ARGS min "${file}")
    set(plain_status "${run_status}")
    set(plain_out "${run_out}")
    set(plain_err "${run_err}")
    foreach(mode strict trailing)
      run_jsonx(ARGS min --partial=${mode} "${file}")
      if(plain_status EQUAL 0)
        if(NOT run_status EQUAL 0 OR NOT run_out STREQUAL plain_out)
          fail("${name}: min --partial=${mode} gave ${run_status}:\n${run_out}${run_err}\n"
               "instead of min's\n${plain_out}")
        endif()
      elseif(plain_err MATCHES "unexpected end of input")
        if(NOT run_status EQUAL 3 OR NOT run_err STREQUAL "")
          fail("${name}: cut short, min --partial=${mode} gave ${run_status}:\n${run_err}")
        endif()
        if(mode STREQUAL "strict")
          math(EXPR cut "${cut} + 1")
        endif()
      elseif(NOT run_status STREQUAL plain_status OR NOT run_err STREQUAL plain_err OR
             NOT run_out STREQUAL "")
        fail("${name}: min --partial=${mode} gave ${run_status}:\n${run_out}${run_err}\n"
             "instead of min's ${plain_status}:\n${plain_err}")
      elseif(mode STREQUAL "strict")
        math(EXPR rejected "${rejected} + 1")
      endif()
    endforeach()
  endforeach()
  message(STATUS "${cut} texts cut short, ${rejected} rejected as without --partial")
  if(cut EQUAL 0 OR rejected EQUAL 0)
    fail("the suite at ${suite} has no text cut short or none rejected otherwise")
  endif()
endfunction()
