# --seq: RFC 7464 JSON text sequences in (every command that reads values) and out (fmt, min,
# get). Included by cli_test.cmake, whose helpers and variables these cases use.

string(ASCII 30 rs)

# Ten records, written here byte by byte: 1 good, 2 cut by the next RS, 3 empty (RS RS),
# 4 good without a newline, 5 empty (blanks), 6 a number not followed by whitespace
# (possibly truncated), 7 good, 8 a bad literal on its second line, 9 null followed by LF
# (good), 10 good, last, without LF.
function(write_seq_file path)
  string(CONCAT text
    "${rs}{\"id\": 1, \"tags\": [\"a\"]}\n"
    "${rs}[1, 2\n"
    "${rs}${rs}\"text\"${rs}  \n"
    "${rs}42${rs}{\"id\": 5}\n"
    "${rs}{\"id\": 6,\n \"x\": tru}\n"
    "${rs}null\n"
    "${rs}{\"id\":9}")
  file(WRITE "${path}" "${text}")
endfunction()

# Runs jsonx with its standard output in a file and checks that output byte for byte; sets
# run_err (and run_status) in the caller, as run_jsonx does.
function(expect_output_bytes expected what)
  cmake_parse_arguments(RUN "" "EXPECT_STATUS" "ARGS" ${ARGN})
  run_jsonx(ARGS ${RUN_ARGS} OUTPUT_FILE "${WORK_DIR}/out.bin" EXPECT_STATUS ${RUN_EXPECT_STATUS})
  file(READ "${WORK_DIR}/out.bin" actual_hex HEX)
  string(HEX "${expected}" expected_hex)
  expect_equal("${actual_hex}" "${expected_hex}" "${what} (hex bytes)")
  set(run_status "${run_status}" PARENT_SCOPE)
  set(run_err "${run_err}" PARENT_SCOPE)
endfunction()

function(cli_case_seq)
  file(MAKE_DIRECTORY "${WORK_DIR}")
  set(seq "${WORK_DIR}/records.json-seq")
  write_seq_file("${seq}")
  file(SIZE "${seq}" seq_bytes)
  string(CONCAT expected_errors
    "^jsonx: [^\n]*records.json-seq: record 2: unexpected end of input at line 3, column 1 "
    "\\(byte 33\\)\n[^\n]*\n  \\^\n"
    "jsonx: [^\n]*records.json-seq: record 6: possibly truncated: a number, true, false or "
    "null must be followed by whitespace in its record \\(RFC 7464\\) at line 4, column 4 "
    "\\(byte 48\\)\n  .42.{\"id\": 5}\n     \\^\n"
    "jsonx: [^\n]*records.json-seq: record 8: invalid literal [^\n]* at line 6, column 7 "
    "\\(byte 76\\)\n   \"x\": tru}\n        \\^\n$")

  run_jsonx(ARGS validate --seq "${seq}" EXPECT_STATUS 1)
  expect_equal("${run_out}" "${seq}: 5 valid records, 3 invalid, 2 empty (${seq_bytes} bytes)\n"
               "validate --seq")
  expect_match("${run_err}" "${expected_errors}" "validate --seq: each bad record, numbered")
  set(reference_err "${run_err}")

  # Output framing: RS before each value, LF after it; bad records print nothing. The same
  # output and reports whatever the chunk size.
  string(CONCAT expected_min
    "${rs}{\"id\":1,\"tags\":[\"a\"]}\n${rs}\"text\"\n${rs}{\"id\":5}\n${rs}null\n${rs}{\"id\":9}\n")
  foreach(chunk_size 1 2 5 64k)
    expect_output_bytes("${expected_min}" "min --seq --chunk-size ${chunk_size}"
                        ARGS min --seq --chunk-size ${chunk_size} "${seq}" EXPECT_STATUS 1)
    expect_equal("${run_err}" "${reference_err}" "min --seq --chunk-size ${chunk_size} errors")
  endforeach()
  file(WRITE "${WORK_DIR}/first_two.json-seq" "${rs}{\"id\": 1, \"tags\": [\"a\"]}\n${rs}\"text\"")
  expect_output_bytes("${rs}{\n  \"id\": 1,\n  \"tags\": [\n    \"a\"\n  ]\n}\n${rs}\"text\"\n"
                      "fmt --seq" ARGS fmt --seq "${WORK_DIR}/first_two.json-seq" EXPECT_STATUS 0)
  expect_output_bytes("${rs}1\n${rs}5\n${rs}9\n" "get --seq"
                      ARGS get --seq "${seq}" /id EXPECT_STATUS 2)
  expect_match("${run_err}" "records.json-seq: record 4: no value at '/id'.*record 9: no value"
               "get --seq: a record without the value, by its number")

  # stats counts the good records only.
  run_jsonx(ARGS stats --seq --chunk-size 3 "${seq}" EXPECT_STATUS 1)
  string(CONCAT expected_counts
    "nulls:       1\nbools:       0\nint64:       3\nuint64:      0\ndoubles:     0\n"
    "big_numbers: 0\nstrings:     2\nkeys:        4\nobjects:     3\narrays:      1\n"
    "max_depth:   2\nrecords:     5\nbad_records: 3\nempty:       2\n")
  strip_run_lines("${run_out}" counts)
  expect_equal("${counts}" "bytes:       ${seq_bytes}\n${expected_counts}" "stats --seq")

  # Through a pipe, in 1-byte and whole chunks: the same verdict and reports.
  string(REPLACE "${seq}" "<stdin>" stdin_err "${reference_err}")
  foreach(chunk_size 1 64k)
    execute_process(COMMAND "${CMAKE_COMMAND}" -E cat "${seq}"
                    COMMAND ${JSONX_COMMAND} validate --seq --chunk-size ${chunk_size} -
                    RESULTS_VARIABLE statuses OUTPUT_VARIABLE out ERROR_VARIABLE err)
    expect_equal("${statuses}" "0;1" "cat | jsonx validate --seq --chunk-size ${chunk_size} -")
    expect_equal("${out}" "<stdin>: 5 valid records, 3 invalid, 2 empty (${seq_bytes} bytes)\n"
                 "validate --seq through a pipe, --chunk-size ${chunk_size}")
    expect_equal("${err}" "${stdin_err}" "validate --seq through a pipe: errors")
  endforeach()
  # min --seq's output is a JSON text sequence that reads back as itself.
  execute_process(COMMAND ${JSONX_COMMAND} min --seq "${seq}"
                  COMMAND ${JSONX_COMMAND} min --seq -
                  RESULTS_VARIABLE statuses OUTPUT_FILE "${WORK_DIR}/again.bin"
                  ERROR_VARIABLE err)
  expect_equal("${statuses}" "1;0" "jsonx min --seq | jsonx min --seq -")
  file(READ "${WORK_DIR}/again.bin" again_hex HEX)
  string(HEX "${expected_min}" expected_min_hex)
  expect_equal("${again_hex}" "${expected_min_hex}" "min --seq output read back with --seq")

  # Records with and without a trailing LF, and a value on several lines.
  file(WRITE "${WORK_DIR}/no_lf.json-seq" "${rs}[1]${rs}\"x\"${rs}{\n\"a\":\n2}\n\n${rs}true\n")
  run_jsonx(ARGS validate --seq "${WORK_DIR}/no_lf.json-seq" EXPECT_STATUS 0)
  expect_match("${run_out}" ": 4 valid records, 0 invalid, 0 empty \\(" "records without LF")
  # A number at the very end, with no whitespace after it: possibly truncated.
  file(WRITE "${WORK_DIR}/cut.json-seq" "${rs}[1]\n${rs}123")
  run_jsonx(ARGS validate --seq "${WORK_DIR}/cut.json-seq" EXPECT_STATUS 1)
  expect_match("${run_err}" "record 2: possibly truncated[^\n]* at line 2, column 5 \\(byte 9\\)"
               "a number cut at the end of the input")
  # Only empty records, and no input at all: valid, with nothing in them.
  file(WRITE "${WORK_DIR}/empty_records.json-seq" "${rs}${rs}\n${rs} \n")
  run_jsonx(ARGS validate --seq "${WORK_DIR}/empty_records.json-seq" EXPECT_STATUS 0)
  expect_match("${run_out}" ": 0 valid records, 0 invalid, 3 empty \\(" "empty records")
  file(WRITE "${WORK_DIR}/nothing.json-seq" "")
  run_jsonx(ARGS validate --seq "${WORK_DIR}/nothing.json-seq" EXPECT_STATUS 0)
  expect_match("${run_out}" ": 0 valid records, 0 invalid, 0 empty \\(0 bytes\\)\n$"
               "empty input")
  # A value before the first RS is not a record: reported, and the records after it read.
  file(WRITE "${WORK_DIR}/no_rs.json-seq" " \n{\"a\":1}\n${rs}2\n")
  run_jsonx(ARGS min --seq "${WORK_DIR}/no_rs.json-seq" EXPECT_STATUS 1)
  expect_equal("${run_out}" "${rs}2\n" "min --seq after content without RS")
  string(CONCAT expected_no_rs "^jsonx: [^\n]*: before the first record: expected RS "
    "\\(0x1E\\) before a JSON text \\(RFC 7464\\) at line 2, column 1 \\(byte 2\\)\n")
  expect_match("${run_err}" "${expected_no_rs}" "content before the first RS")
  # NDJSON given to --seq has no RS at all: one report, not one per line.
  run_jsonx(ARGS validate --seq "${three_values}" EXPECT_STATUS 1)
  expect_match("${run_out}" ": 0 valid records, 1 invalid, 0 empty" "NDJSON read with --seq")
endfunction()
