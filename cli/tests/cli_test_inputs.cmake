# How jsonx takes its inputs: several files, standard input, gzip, NDJSON (--lines), the
# progress bar; and `jsonx bench`. Included by cli_test.cmake, whose helpers and variables
# these cases use; each case is a function cli_case_<name>.

string(ASCII 13 cr)
string(ASCII 27 esc)

function(cli_case_several_inputs)
  file(SIZE "${all_kinds}" all_kinds_bytes)
  set(valid_line "${all_kinds}: valid JSON (${all_kinds_bytes} bytes)\n")
  # One verdict per input; the exit status is the worst.
  run_jsonx(ARGS validate "${all_kinds}" "${missing_comma}" "${all_kinds}" EXPECT_STATUS 1)
  expect_equal("${run_out}" "${valid_line}${valid_line}" "validate: a verdict per valid input")
  expect_match("${run_err}" "^jsonx: [^\n]*missing_comma.json: expected ',' or ']'[^\n]*\n[^\n]*\n *\\^\n$"
               "validate: the invalid input's report")
  run_jsonx(ARGS validate "${all_kinds}" "${DATA_DIR}/no_such_file.json" "${missing_comma}"
            EXPECT_STATUS 2)
  expect_equal("${run_out}" "${valid_line}" "validate goes on after a missing file")
  expect_match("${run_err}" "cannot open '[^']*no_such_file.json'.*missing_comma.json: expected"
               "validate reports both failures, in order")
  run_jsonx(ARGS validate "${all_kinds}" - "${all_kinds}" INPUT_FILE "${all_kinds}" EXPECT_STATUS 0)
  expect_equal("${run_out}"
               "${valid_line}<stdin>: valid JSON (${all_kinds_bytes} bytes)\n${valid_line}"
               "validate: files and standard input")

  # stats: a block per input, separated by a blank line.
  run_jsonx(ARGS stats "${all_kinds}" EXPECT_STATUS 0)
  set(one_block "${run_out}")
  run_jsonx(ARGS stats "${all_kinds}" - INPUT_FILE "${all_kinds}" EXPECT_STATUS 0)
  string(REPLACE "input:       ${all_kinds}\n" "input:       <stdin>\n" stdin_block "${one_block}")
  expect_equal("${run_out}" "${one_block}\n${stdin_block}" "stats over two inputs")

  # fmt and min: the documents one after the other.
  file(READ "${DATA_DIR}/all_kinds.min.json" expected_min)
  run_jsonx(ARGS min "${all_kinds}" "${DATA_DIR}/pointer_keys.json" - INPUT_FILE "${all_kinds}"
            EXPECT_STATUS 0)
  string(CONCAT expected "${expected_min}"
         "{\"a/b\":1,\"m~n\":[true,{\"\":\"empty key\"}],\"dup\":1,\"dup\":[2],\"x\":{\"y\":null}}\n"
         "${expected_min}")
  expect_equal("${run_out}" "${expected}" "min over three inputs")
  run_jsonx(ARGS fmt "${missing_comma}" "${three_values}" --multiple-values EXPECT_STATUS 1)
  expect_equal("${run_out}"
               "{\n  \"name\": \"jsonx\",\n  \"tags\": [\n    \"fast\"\n{\n  \"a\": 1\n}\n[\n  2,\n  3\n]\n\"four\"\n"
               "fmt goes on after an invalid input, on a new line")
endfunction()

function(cli_case_gzip)
  find_program(gzip_program gzip)
  if(NOT gzip_program)
    fail("gzip not found (Debian installs it everywhere: Priority required)")
  endif()
  file(MAKE_DIRECTORY "${WORK_DIR}")
  foreach(name all_kinds missing_comma)
    configure_file("${DATA_DIR}/${name}.json" "${WORK_DIR}/${name}.json" COPYONLY)
    execute_process(COMMAND "${gzip_program}" -f -k -n "${WORK_DIR}/${name}.json"
                    RESULT_VARIABLE status)
    expect_equal("${status}" "0" "gzip ${name}.json")
  endforeach()
  set(compressed "${WORK_DIR}/all_kinds.json.gz")
  file(SIZE "${all_kinds}" all_kinds_bytes)
  file(READ "${DATA_DIR}/all_kinds.min.json" expected_min)

  run_jsonx(ARGS validate "${compressed}" EXPECT_STATUS 0)
  expect_equal("${run_out}" "${compressed}: valid JSON (${all_kinds_bytes} bytes)\n"
               "validate a .gz file (the bytes are the JSON's)")
  foreach(chunk_size 1 3 64k)
    run_jsonx(ARGS min --chunk-size ${chunk_size} "${compressed}" EXPECT_STATUS 0)
    expect_equal("${run_out}" "${expected_min}" "min of a .gz file, --chunk-size ${chunk_size}")
  endforeach()
  run_jsonx(ARGS stats "${compressed}" EXPECT_STATUS 0)
  strip_run_lines("${run_out}" counts)
  expect_equal("${counts}" "bytes:       ${all_kinds_bytes}\n${all_kinds_counts}" "stats of a .gz file")
  run_jsonx(ARGS get - /nested INPUT_FILE "${compressed}" EXPECT_STATUS 0)
  expect_equal("${run_out}" "{\"a\":{\"b\":{\"c\":[]}}}\n" "gzip on standard input (by its magic)")
  run_jsonx(ARGS validate "${WORK_DIR}/missing_comma.json.gz" EXPECT_STATUS 1)
  expect_match("${run_err}" "missing_comma.json.gz: expected ',' or ']' [^\n]* at line 3, column 19 \\(byte 39\\)\n    \"tags\": \\[\"fast\" \"streaming\"\\]\n                    \\^\n$"
               "an error inside a .gz file, placed in the JSON")

  # A plain file named .gz is read as plain JSON; a truncated gzip stream is an I/O error.
  configure_file("${all_kinds}" "${WORK_DIR}/plain.json.gz" COPYONLY)
  run_jsonx(ARGS validate "${WORK_DIR}/plain.json.gz" EXPECT_STATUS 0)
  execute_process(COMMAND head -c 60 "${compressed}" OUTPUT_FILE "${WORK_DIR}/truncated.json.gz")
  run_jsonx(ARGS validate "${WORK_DIR}/truncated.json.gz" EXPECT_STATUS 2)
  expect_match("${run_err}" "^jsonx: cannot read '[^']*truncated.json.gz': gzip data truncated\n$"
               "a truncated gzip stream")
  execute_process(COMMAND head -c -4 "${compressed}" OUTPUT_FILE "${WORK_DIR}/cut_footer.json.gz")
  run_jsonx(ARGS validate "${WORK_DIR}/cut_footer.json.gz" EXPECT_STATUS 2)
  expect_match("${run_err}" "^jsonx: cannot read '[^']*cut_footer.json.gz': gzip data truncated or its footer malformed\n$"
               "a gzip stream cut inside its footer")

  # Standard input through a pipe: no size, and reads of whatever the pipe holds.
  foreach(chunk_size 1 64k)
    execute_process(COMMAND "${CMAKE_COMMAND}" -E cat "${compressed}"
                    COMMAND ${JSONX_COMMAND} min --chunk-size ${chunk_size} -
                    RESULTS_VARIABLE statuses OUTPUT_VARIABLE out ERROR_VARIABLE err)
    expect_equal("${statuses}" "0;0" "cat all_kinds.json.gz | jsonx min --chunk-size ${chunk_size} -: ${err}")
    expect_equal("${out}" "${expected_min}" "gzip through a pipe, --chunk-size ${chunk_size}")
  endforeach()
  execute_process(COMMAND "${CMAKE_COMMAND}" -E cat "${compressed}"
                  COMMAND ${JSONX_COMMAND} validate --progress -
                  RESULTS_VARIABLE statuses OUTPUT_VARIABLE out ERROR_VARIABLE err)
  expect_equal("${statuses}" "0;0" "cat all_kinds.json.gz | jsonx validate --progress -: ${err}")
  expect_equal("${out}" "<stdin>: valid JSON (${all_kinds_bytes} bytes)\n"
               "gzip through a pipe: the bytes are the JSON's")
  expect_match("${err}" "^\r<stdin>  0\\.0 MB${esc}\\[K\r${esc}\\[K$"
               "--progress on a gzip pipe: bytes read, no percentage")
  execute_process(COMMAND "${CMAKE_COMMAND}" -E cat "${WORK_DIR}/truncated.json.gz"
                  COMMAND ${JSONX_COMMAND} validate -
                  RESULTS_VARIABLE statuses OUTPUT_VARIABLE out ERROR_VARIABLE err)
  expect_equal("${statuses}" "0;2" "cat truncated.json.gz | jsonx validate -")
  expect_match("${err}" "^jsonx: cannot read '<stdin>': gzip data truncated\n$"
               "a truncated gzip stream through a pipe")

  # The progress bar compares the compressed bytes read with the file's size.
  run_jsonx(ARGS validate --progress "${compressed}" EXPECT_STATUS 0)
  expect_match("${run_err}" "^\r[^\n]*all_kinds.json.gz 100% \\[=+\\] 0\\.0 / 0\\.0 MB${esc}\\[K\r${esc}\\[K$"
               "--progress on a .gz file: compressed bytes against the file's size")
endfunction()

# The NDJSON file of the --lines cases: good, bad and blank lines, CRLF line ends, and a last
# line without its newline.
function(write_lines_file path)
  string(CONCAT text
    "{\"id\": 1, \"tags\": [\"a\"]}\n"    # 1 good
    "\n"                                  # 2 blank
    "[1, 2\n"                             # 3 bad: ends inside the array
    "  \t \n"                             # 4 blank
    "{\"id\": 2} {\"id\": 3}${cr}\n"      # 5 bad: two values
    "\"text\"${cr}\n"                     # 6 good
    "{\"id\": 4, \"ok\": tru}\n"          # 7 bad: a broken literal
    "  {\"id\": 5}")                      # 8 good, no newline
  file(WRITE "${path}" "${text}")
endfunction()

function(cli_case_lines)
  file(MAKE_DIRECTORY "${WORK_DIR}")
  set(lines "${WORK_DIR}/lines.ndjson")
  write_lines_file("${lines}")
  file(SIZE "${lines}" lines_bytes)
  string(REPEAT " " 7 caret_3)
  string(REPEAT " " 12 caret_5)
  string(REPEAT " " 18 caret_7)
  string(CONCAT expected_errors
    "^jsonx: [^\n]*lines.ndjson: unexpected end of input at line 3, column 6 \\(byte 31\\)\n"
    "  \\[1, 2\n${caret_3}\\^\n"
    "jsonx: [^\n]*lines.ndjson: unexpected content after the top-level value at line 5, "
    "column 11 \\(byte 47\\)\n  {\"id\": 2} {\"id\": 3}\n${caret_5}\\^\n"
    "jsonx: [^\n]*lines.ndjson: invalid literal [^\n]* at line 7, column 17 \\(byte 82\\)\n"
    "  {\"id\": 4, \"ok\": tru}\n${caret_7}\\^\n$")

  run_jsonx(ARGS validate --lines "${lines}" EXPECT_STATUS 1)
  expect_equal("${run_out}" "${lines}: 3 valid lines, 3 invalid, 2 blank (${lines_bytes} bytes)\n"
               "validate --lines")
  expect_match("${run_err}" "${expected_errors}" "validate --lines: each bad line, with a caret")
  set(reference_err "${run_err}")

  # The same output and reports whatever the chunk size, and on standard input.
  foreach(chunk_size 1 2 5 64k)
    run_jsonx(ARGS min --lines --chunk-size ${chunk_size} "${lines}" EXPECT_STATUS 1)
    expect_equal("${run_out}" "{\"id\":1,\"tags\":[\"a\"]}\n\"text\"\n{\"id\":5}\n"
                 "min --lines --chunk-size ${chunk_size}")
    expect_equal("${run_err}" "${reference_err}" "min --lines --chunk-size ${chunk_size} errors")
  endforeach()
  run_jsonx(ARGS fmt --lines - INPUT_FILE "${lines}" EXPECT_STATUS 1)
  expect_equal("${run_out}"
               "{\n  \"id\": 1,\n  \"tags\": [\n    \"a\"\n  ]\n}\n\"text\"\n{\n  \"id\": 5\n}\n"
               "fmt --lines on standard input")
  string(REPLACE "${lines}" "<stdin>" stdin_err "${reference_err}")
  expect_equal("${run_err}" "${stdin_err}" "fmt --lines on standard input: errors")

  # stats counts the good lines only.
  run_jsonx(ARGS stats --lines --chunk-size 4 "${lines}" EXPECT_STATUS 1)
  string(CONCAT expected_counts
    "nulls:       0\nbools:       0\nint64:       2\nuint64:      0\ndoubles:     0\n"
    "big_numbers: 0\nstrings:     2\nkeys:        3\nobjects:     2\narrays:      1\n"
    "max_depth:   2\nlines:       3\nbad_lines:   3\nblank_lines: 2\n")
  strip_run_lines("${run_out}" counts)
  expect_equal("${counts}" "bytes:       ${lines_bytes}\n${expected_counts}" "stats --lines")

  # get: a value per good line that has one; a line without it is reported with its number.
  run_jsonx(ARGS get --lines "${lines}" /id EXPECT_STATUS 2)
  expect_equal("${run_out}" "1\n5\n" "get --lines")
  expect_match("${run_err}" "lines.ndjson: line 6: no value at '/id'" "get --lines: a line without")
endfunction()

# 100,000 lines with a few bad ones: every bad line reported with its number, the rest counted.
function(cli_case_lines_large)
  file(MAKE_DIRECTORY "${WORK_DIR}")
  set(path "${WORK_DIR}/large.ndjson")
  string(REPEAT "{\"id\":1,\"s\":\"x\",\"a\":[true]}\n" 25000 block)
  # Lines 1-25000 good, 25001 bad, 25002-50001 good, 50002 bad, 50003-75002 good, 75003 blank,
  # 75004-100003 good, 100004 bad (and last, without newline).
  file(WRITE "${path}" "${block}{bad\n${block}[1,]\n${block}\n${block}nulx")
  run_jsonx(ARGS validate --lines "${path}" EXPECT_STATUS 1)
  expect_match("${run_out}" ": 100000 valid lines, 3 invalid, 1 blank \\(" "the line counts")
  string(CONCAT expected_errors
    "^jsonx: [^\n]* at line 25001, column 2 [^\n]*\n  {bad\n   \\^\n"
    "jsonx: [^\n]* at line 50002, column 4 [^\n]*\n  \\[1,\\]\n     \\^\n"
    "jsonx: [^\n]* at line 100004, column 1 [^\n]*\n  nulx\n  \\^\n$")
  expect_match("${run_err}" "${expected_errors}" "the bad lines")
  run_jsonx(ARGS stats --lines "${path}" EXPECT_STATUS 1)
  expect_match("${run_out}" "\nbools: +100000\n.*\nstrings: +100000\nkeys: +300000\n"
               "stats --lines over 100,000 lines")
endfunction()

function(cli_case_progress)
  # Tests run in pipes: never a bar unless asked for, even for a large input.
  file(MAKE_DIRECTORY "${WORK_DIR}")
  string(REPEAT "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]," 80000 body)
  file(WRITE "${WORK_DIR}/large.json" "[${body}0]")
  run_jsonx(ARGS validate "${WORK_DIR}/large.json" EXPECT_STATUS 0)
  expect_equal("${run_err}" "" "no progress bar into a pipe")

  run_jsonx(ARGS validate --progress "${WORK_DIR}/large.json" EXPECT_STATUS 0)
  expect_match("${run_err}" "^\r[^\n]*large.json +[0-9]+% \\[[=> ]+\\] [0-9.]+ / [0-9.]+ MB${esc}\\[K"
               "--progress draws a bar")
  expect_match("${run_err}" "MB${esc}\\[K\r${esc}\\[K$" "the bar is erased at the end")
  # Standard input redirected from a file has a size; a pipe has none.
  run_jsonx(ARGS stats --progress - INPUT_FILE "${all_kinds}" EXPECT_STATUS 0)
  expect_match("${run_err}" "^\r<stdin> 100% \\[=+\\] 0\\.0 / 0\\.0 MB${esc}\\[K\r${esc}\\[K$"
               "--progress on standard input from a file")
  expect_match("${run_out}" "^input: +<stdin>\n" "the bar does not touch the output")
  execute_process(COMMAND "${CMAKE_COMMAND}" -E cat "${all_kinds}"
                  COMMAND ${JSONX_COMMAND} validate --progress -
                  RESULTS_VARIABLE statuses OUTPUT_VARIABLE out ERROR_VARIABLE err)
  expect_equal("${statuses}" "0;0" "cat | jsonx validate --progress -")
  expect_match("${err}" "^\r<stdin>  0\\.0 MB${esc}\\[K\r${esc}\\[K$"
               "--progress on a pipe: bytes read, no percentage")
  # A report erases the bar first, so that it starts on a clean line.
  run_jsonx(ARGS validate --progress "${missing_comma}" EXPECT_STATUS 1)
  expect_match("${run_err}" "${esc}\\[K\r${esc}\\[Kjsonx: [^\n]*missing_comma.json: expected"
               "the bar is erased before an error")
  run_jsonx(ARGS validate --no-progress --progress "${all_kinds}" EXPECT_STATUS 0)
  expect_match("${run_err}" "100%" "the last of --progress and --no-progress wins")
  run_jsonx(ARGS validate --progress --no-progress "${all_kinds}" EXPECT_STATUS 0)
  expect_equal("${run_err}" "" "--no-progress")

  # On a terminal (script(1), from bsdutils, Essential in Debian, gives one): a bar for a large
  # input, none for a small one, none when the JSON printed goes to the same terminal.
  find_program(script_program script)
  if(NOT script_program)
    message(STATUS "no script(1): the automatic progress bar is not checked on a terminal")
    return()
  endif()
  function(run_on_terminal shell_command)
    execute_process(COMMAND "${script_program}" -q -e -c "${shell_command}" /dev/null
                    RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
    set(terminal_status "${status}" PARENT_SCOPE)
    set(terminal_out "${out}" PARENT_SCOPE)
    set(terminal_err "${err}" PARENT_SCOPE)
  endfunction()
  run_on_terminal("${JSONX_SHELL} validate '${WORK_DIR}/large.json'")
  if(NOT terminal_status EQUAL 0 AND terminal_err MATCHES "pseudo-terminal|pty")
    message(STATUS "no pseudo-terminal here: the automatic bar is not checked (${terminal_err})")
    return()
  endif()
  expect_equal("${terminal_status}" "0" "validate on a terminal: ${terminal_err}")
  expect_match("${terminal_out}" "^\r[^\n]*large.json +[0-9]+% \\[[=> ]+\\][^\n]*\r${esc}\\[K[^\n]*large.json: valid JSON"
               "a bar on a terminal for a large input, erased before the verdict")
  run_on_terminal("${JSONX_SHELL} validate '${all_kinds}'")
  # (execute_process turns the terminal's CR LF line ends into LF.)
  expect_match("${terminal_out}" "^[^\r]*all_kinds.json: valid JSON \\([0-9]+ bytes\\)\r?\n$"
               "no bar on a terminal for a small input")
  run_on_terminal("${JSONX_SHELL} get '${WORK_DIR}/large.json' /0/0")
  expect_match("${terminal_out}" "^1\r?\n$" "no bar when get prints to the same terminal")
endfunction()

function(cli_case_bench)
  set(pointer_keys "${DATA_DIR}/pointer_keys.json")
  set(row_number " +[0-9]+\\.[0-9][0-9]")
  set(row_ratio " +[0-9]+\\.[0-9][0-9]x")
  run_jsonx(ARGS bench --samples 1 "${pointer_keys}" EXPECT_STATUS 0)
  string(CONCAT expected_table
    "^GB/s of thread CPU time, median of 1 samples; jsonx kernel [a-z0-9_]+, simdjson kernel "
    "[a-z0-9_]+\nfile +bytes +simdjson_dom +jsonx_dom +jsonx_sax +dom_ratio +sax_ratio\n"
    "[^\n]*pointer_keys.json +85${row_number}${row_number}${row_number}${row_ratio}${row_ratio}\n$")
  expect_match("${run_out}" "${expected_table}" "bench on one file")
  run_jsonx(ARGS bench --samples 1 --kernel scalar "${pointer_keys}" EXPECT_STATUS 0)
  expect_match("${run_out}" "jsonx kernel scalar," "bench --kernel scalar")

  # Inputs that are not timed: simdjson rejects integers past 64 bits; invalid JSON.
  run_jsonx(ARGS bench --samples 1 "${all_kinds}" "${missing_comma}" EXPECT_STATUS 1)
  expect_match("${run_out}" "all_kinds.json +345  not timed: simdjson rejects it, jsonx accepts it\n"
               "bench: the parsers disagree")
  expect_match("${run_out}" "missing_comma.json +54  not timed: not valid JSON\n$"
               "bench: invalid JSON")

  # No file named: the corpus.
  run_jsonx(ARGS bench ENV JSONX_CORPUS_DIR=${WORK_DIR}/no_corpus_here EXPECT_STATUS 2)
  expect_match("${run_err}" "no corpus file in [^\n]*no_corpus_here" "bench without a corpus")
  resolve_data_dir(JSONX_CORPUS_DIR "${CORPUS_DIR_DEFAULT}" corpus_dir)
  if(NOT EXISTS "${corpus_dir}/twitter.json")
    message("SKIPPED: no corpus in ${corpus_dir} for the default bench run (set JSONX_CORPUS_DIR)")
    return()
  endif()
  run_jsonx(ARGS bench --samples 1 ENV JSONX_CORPUS_DIR=${corpus_dir} EXPECT_STATUS 0)
  foreach(name twitter citm_catalog canada small)
    expect_match("${run_out}" "\n${name}.json +[0-9]+${row_number}${row_number}${row_number}${row_ratio}${row_ratio}\n"
                 "bench on the corpus: ${name}")
  endforeach()
  message(STATUS "${run_out}")
endfunction()
