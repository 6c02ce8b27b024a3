# The manual page cli/man/jsonx.1 against the program:
#   CASE=coverage: every command, option and environment variable that `jsonx --help` prints
#     has an entry of its own (a .TP tag) in the page, and the page's .TH names this version;
#     then, to prove the check can fail, a copy of the page with one entry removed must be
#     refused.
#   CASE=render: groff formats the page with every warning on (-ww) and prints none; man-db's
#     `man --warnings -l` too where it is installed. Without groff (Debian: groff-base) it
#     prints SKIPPED.
#   cmake -DCASE=coverage|render -DJSONX=... [-DEMULATOR=...] -DMAN_PAGE=... -DVERSION=... [-DGROFF=... -DMAN=...]
#         -P man_page_test.cmake
cmake_minimum_required(VERSION 3.25)

file(READ "${MAN_PAGE}" page)

# The tags of the page's .TP entries, as plain text: the line after each .TP with its macro,
# font escapes and quotes removed and \- made -, e.g. ".BI \-\-indent " N"" gives
# "--indent N". Sets `tags` in the caller, a list.
function(collect_tags text)
  # CMake lists: ';' separates items, and an unbalanced '[' or ']' would join them.
  string(REGEX REPLACE "[][;]" " " text "${text}")
  string(REPLACE "\n" ";" lines "${text}")
  set(result "")
  set(after_tp FALSE)
  foreach(line IN LISTS lines)
    if(after_tp)
      string(REGEX REPLACE "^\\.[A-Z]+ *" "" tag "${line}")
      string(REGEX REPLACE "\\\\f[BIRP]" "" tag "${tag}")
      string(REPLACE "\\-" "-" tag "${tag}")
      string(REPLACE "\"" "" tag "${tag}")
      list(APPEND result "${tag}")
      set(after_tp FALSE)
    elseif(line MATCHES "^\\.TP")
      set(after_tp TRUE)
    endif()
  endforeach()
  set(tags "${result}" PARENT_SCOPE)
endfunction()

# Every item of `wanted` (a list of words) must be a word of some tag; sets `missing`.
function(find_missing wanted)
  collect_tags("${page_text}")
  set(result "")
  foreach(item IN LISTS wanted)
    set(found FALSE)
    foreach(tag IN LISTS tags)
      string(REGEX REPLACE "[ ,|]+" ";" tag_words "${tag}")
      if(item IN_LIST tag_words)
        set(found TRUE)
        break()
      endif()
    endforeach()
    if(NOT found)
      list(APPEND result "${item}")
    endif()
  endforeach()
  set(missing "${result}" PARENT_SCOPE)
endfunction()

if(CASE STREQUAL "coverage")
  # EMULATOR: a cross build's CMAKE_CROSSCOMPILING_EMULATOR (qemu-aarch64), empty natively.
  execute_process(COMMAND ${EMULATOR} "${JSONX}" --help RESULT_VARIABLE status OUTPUT_VARIABLE help)
  if(NOT status EQUAL 0 OR NOT help MATCHES "Commands:\n.*Options:\n")
    message(FATAL_ERROR "jsonx --help failed (${status}) or printed no Commands/Options:\n${help}")
  endif()
  # The help as CMake list items can hold it (no '[', ']' or ';').
  string(REGEX REPLACE "[][;]" " " help "${help}")
  # Commands: the first word of each line of the Commands section indented by two spaces.
  string(REGEX MATCH "Commands:\n(.*)\nOptions:\n" commands_section "${help}")
  string(REGEX MATCHALL "\n  [a-z]+  " command_lines "\n${CMAKE_MATCH_1}")
  set(commands "")
  foreach(line IN LISTS command_lines)
    string(STRIP "${line}" command)
    list(APPEND commands "${command}")
  endforeach()
  # Options: every -x or --word-word anywhere in the help; variables: every JSONX_NAME.
  string(REGEX MATCHALL "(^|[ |(])(--[a-z][a-z0-9-]*|-[a-z])" option_hits "${help}")
  set(options "")
  foreach(hit IN LISTS option_hits)
    string(REGEX REPLACE "^[ |(]" "" option "${hit}")
    list(APPEND options "${option}")
  endforeach()
  string(REGEX MATCHALL "JSONX_[A-Z_]+" variables "${help}")
  list(REMOVE_DUPLICATES options)
  list(REMOVE_DUPLICATES variables)
  list(LENGTH commands command_count)
  list(LENGTH options option_count)
  # A guard on the extraction itself: the help has 6 commands and 14 options today.
  if(command_count LESS 5 OR option_count LESS 10 OR NOT "JSONX_KERNEL" IN_LIST variables)
    message(FATAL_ERROR "read too little from jsonx --help: commands ${commands}, options "
                        "${options}, variables ${variables}")
  endif()

  set(page_text "${page}")
  find_missing("${commands};${options};${variables}")
  if(missing)
    message(FATAL_ERROR "${MAN_PAGE} has no entry (.TP) for: ${missing}\n"
                        "(jsonx --help prints them; document them in the page)")
  endif()
  string(REGEX MATCH "\n\\.TH [^\n]*" title_line "\n${page}")
  string(REGEX MATCH "^[0-9]+\\.[0-9]+" major_minor "${VERSION}")
  if(NOT title_line MATCHES "jsonx ${major_minor}")
    message(FATAL_ERROR "${MAN_PAGE}'s .TH line does not name jsonx ${major_minor}:${title_line}")
  endif()

  # The check must be able to fail: drop the --no-progress entry and it must be reported.
  string(REPLACE ".TP\n.B \\-\\-no\\-progress\n" "" page_text "${page}")
  if(page_text STREQUAL page)
    message(FATAL_ERROR "the page has no '.TP' '.B \\-\\-no\\-progress' entry to remove")
  endif()
  find_missing("${options}")
  if(NOT missing STREQUAL "--no-progress")
    message(FATAL_ERROR "with the --no-progress entry removed the check reported '${missing}'")
  endif()
  message(STATUS "the page documents ${commands}, ${options} and ${variables}")

elseif(CASE STREQUAL "render")
  if(NOT GROFF)
    message(STATUS "SKIPPED: groff not found (Debian: groff-base)")
    return()
  endif()
  # -z: format only, no output; -ww: every warning.
  execute_process(COMMAND "${GROFF}" -man -ww -z "${MAN_PAGE}"
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0 OR NOT err STREQUAL "")
    message(FATAL_ERROR "groff -man -ww warns about ${MAN_PAGE} (${status}):\n${err}${out}")
  endif()
  # The page as a reader sees it, to check it says something (a broken macro can swallow text).
  execute_process(COMMAND "${GROFF}" -man -Tascii -P-cbou -ww "${MAN_PAGE}"
                  RESULT_VARIABLE status OUTPUT_VARIABLE text ERROR_VARIABLE err)
  if(NOT status EQUAL 0 OR NOT err STREQUAL "")
    message(FATAL_ERROR "groff -Tascii failed (${status}):\n${err}")
  endif()
  foreach(heading NAME SYNOPSIS DESCRIPTION COMMANDS OPTIONS "EXIT STATUS" ENVIRONMENT EXAMPLES)
    if(NOT text MATCHES "\n${heading}\n")
      message(FATAL_ERROR "the formatted page has no ${heading} section:\n${text}")
    endif()
  endforeach()
  if(MAN)
    # man-db's own check (it runs groff with its warnings, through its preprocessors).
    execute_process(COMMAND "${CMAKE_COMMAND}" -E env LC_ALL=C.UTF-8 MANWIDTH=80
                            "${MAN}" --warnings -l "${MAN_PAGE}"
                    RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT status EQUAL 0 OR NOT err STREQUAL "")
      message(FATAL_ERROR "man --warnings -l warns about ${MAN_PAGE} (${status}):\n${err}")
    endif()
  endif()
  message(STATUS "${MAN_PAGE} renders without warnings")
else()
  message(FATAL_ERROR "unknown CASE '${CASE}'")
endif()
