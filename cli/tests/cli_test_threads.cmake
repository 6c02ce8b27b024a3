# --lines --threads N: validate, stats, fmt and min print exactly what --threads 1 prints (the
# output, the messages and the status), from a file and from standard input, whatever the
# chunk size. Included by cli_test.cmake, whose helpers and variables these cases use.

# About 1.3 MB of NDJSON: 100 blocks of 300 small lines (in each, lines 97, 194 and 291 bad,
# 89, 178 and 267 blank, every 7th ending in CRLF), three lines of 300 KB (each longer than the
# 256 KiB chunks the reader cuts) and a bad one between the blocks, and a last line without its
# newline. (Built from a block repeated: appending line by line in CMake is quadratic.)
function(write_threads_file path)
  set(block "")
  foreach(i RANGE 1 300)
    math(EXPR bad "${i} % 97")
    math(EXPR blank "${i} % 89")
    math(EXPR crlf "${i} % 7")
    if(bad EQUAL 0)
      string(APPEND block "{\"id\":${i},\"v\":[1,]}")
    elseif(blank EQUAL 0)
      string(APPEND block "  ")
    else()
      string(APPEND block "{\"id\":${i},\"s\":\"caf\\u00e9 \\\"q\\\"\",\"d\":${i}.5e-3,\"a\":[true,false,null]}")
    endif()
    if(crlf EQUAL 0)
      string(APPEND block "\r\n")
    else()
      string(APPEND block "\n")
    endif()
  endforeach()
  string(REPEAT "${block}" 25 quarter)
  string(REPEAT "[1,\"x\",{\"k\":null}]," 17000 long_items)
  string(CONCAT text
    "${quarter}{\"long\":[${long_items}true]}\n"
    "${quarter}{\"long\":[${long_items}true]}\r\n"
    "${quarter}{\"long\":[${long_items}tru]}\n"
    "${quarter}{\"long\":[${long_items}true]}\n"
    "{\"last\":\"no newline\"}")
  file(WRITE "${path}" "${text}")
endfunction()

function(cli_case_threads)
  file(MAKE_DIRECTORY "${WORK_DIR}")
  set(path "${WORK_DIR}/lines.ndjson")
  write_threads_file("${path}")
  foreach(command validate stats min fmt)
    foreach(chunk_size 64k 1000)
      run_jsonx(ARGS ${command} --lines --chunk-size ${chunk_size} "${path}" EXPECT_STATUS 1
                OUTPUT_FILE "${WORK_DIR}/sequential.out")
      set(sequential_err "${run_err}")
      file(SHA256 "${WORK_DIR}/sequential.out" sequential_hash)
      if(command STREQUAL "validate")
        expect_match("${sequential_err}" "at line 22503, column " "the bad long line is reported")
      endif()
      foreach(threads 2 3 0)
        set(what "${command} --lines --chunk-size ${chunk_size} --threads ${threads}")
        run_jsonx(ARGS ${command} --lines --chunk-size ${chunk_size} --threads ${threads}
                  "${path}" EXPECT_STATUS 1 OUTPUT_FILE "${WORK_DIR}/parallel.out")
        expect_equal("${run_err}" "${sequential_err}" "${what}: the messages")
        file(SHA256 "${WORK_DIR}/parallel.out" parallel_hash)
        expect_equal("${parallel_hash}" "${sequential_hash}" "${what}: the output (SHA-256)")
      endforeach()
    endforeach()
    # Standard input (a pipe or a redirected file: no size, read as it comes).
    run_jsonx(ARGS ${command} --lines - INPUT_FILE "${path}" EXPECT_STATUS 1
              OUTPUT_FILE "${WORK_DIR}/sequential.out")
    set(sequential_err "${run_err}")
    file(SHA256 "${WORK_DIR}/sequential.out" sequential_hash)
    run_jsonx(ARGS ${command} --lines --threads 4 - INPUT_FILE "${path}" EXPECT_STATUS 1
              OUTPUT_FILE "${WORK_DIR}/parallel.out")
    expect_equal("${run_err}" "${sequential_err}" "${command} --threads 4 -: the messages")
    file(SHA256 "${WORK_DIR}/parallel.out" parallel_hash)
    expect_equal("${parallel_hash}" "${sequential_hash}" "${command} --threads 4 -: the output")
  endforeach()

  # The counts and the summary line, spelled out once.
  run_jsonx(ARGS validate --lines --threads 2 "${path}" EXPECT_STATUS 1)
  expect_match("${run_out}" ": 29404 valid lines, 301 invalid, 300 blank \\(" "the line counts")

  # Usage: --threads needs --lines, and only the commands that parse lines in parallel take it.
  run_jsonx(ARGS validate --threads 2 "${path}" EXPECT_STATUS 2)
  expect_match("${run_err}" "--threads needs --lines" "--threads without --lines")
  run_jsonx(ARGS get --lines --threads 2 "${path}" "" EXPECT_STATUS 2)
  expect_match("${run_err}" "--threads does not apply to this command" "get --threads")
  run_jsonx(ARGS validate --lines --threads x "${path}" EXPECT_STATUS 2)
  expect_match("${run_err}" "--threads needs a number" "--threads x")
endfunction()
