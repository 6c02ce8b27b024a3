# jsonx_readme_examples(<README> <WRAP> <OUT_VAR>): turns each ```cpp block of <README> that
# defines `void example()` into a test source, generated/readme_example_<n>.cpp in the current
# binary directory, so the documentation is compiled exactly as written; each becomes the test
# readme_examples.example_<n> (the sources include "readme_example_prelude.hpp", which the
# calling test folder provides; assert() there becomes EXPECT_TRUE). <WRAP> says how examples
# are kept apart: MACRO renames example() with #define (examples may then specialize templates
# of other namespaces, which they cannot do from inside a namespace), NAMESPACE puts each in a
# namespace of its own. The list of sources goes to <OUT_VAR>; no example is a configure error.
function(jsonx_readme_examples readme wrap out_var)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${readme})
  file(RELATIVE_PATH readme_name ${PROJECT_SOURCE_DIR} ${readme})
  file(READ ${readme} readme_text)
  # CMake lists split on ';' and group on brackets: hide them while cutting at the fences.
  string(REPLACE ";" "@semicolon@" readme_text "${readme_text}")
  string(REPLACE "[" "@open_bracket@" readme_text "${readme_text}")
  string(REPLACE "]" "@close_bracket@" readme_text "${readme_text}")
  string(REPLACE "```" ";" readme_parts "${readme_text}")
  set(sources)
  set(n 0)
  foreach(part IN LISTS readme_parts)
    if(part MATCHES "^cpp\n" AND part MATCHES "void example\\(\\)")
      math(EXPR n "${n} + 1")
      string(REGEX REPLACE "^cpp\n" "" code "${part}")
      string(REPLACE "@semicolon@" ";" code "${code}")
      string(REPLACE "@open_bracket@" "[" code "${code}")
      string(REPLACE "@close_bracket@" "]" code "${code}")
      if(wrap STREQUAL "MACRO")
        set(opening "#define example readme_example_${n}\n")
        set(closing "#undef example\n")
        set(call "readme_example_${n}()")
      elseif(wrap STREQUAL "NAMESPACE")
        set(opening "namespace readme_example_${n} {\n")
        set(closing "}  // namespace readme_example_${n}\n")
        set(call "readme_example_${n}::example()")
      else()
        message(FATAL_ERROR "jsonx_readme_examples: WRAP is MACRO or NAMESPACE, not '${wrap}'")
      endif()
      set(source ${CMAKE_CURRENT_BINARY_DIR}/generated/readme_example_${n}.cpp)
      # Written through a temporary and copied only if changed, so an unchanged README does
      # not rebuild its examples.
      file(WRITE ${source}.tmp
        "// Generated from ${readme_name} (example ${n}): do not edit.\n"
        "#include \"readme_example_prelude.hpp\"\n"
        "${opening}"
        "${code}"
        "${closing}"
        "TEST(readme_examples, example_${n}) { ${call}; }\n")
      configure_file(${source}.tmp ${source} COPYONLY)
      list(APPEND sources ${source})
    endif()
  endforeach()
  if(n EQUAL 0)
    message(FATAL_ERROR "no example (a cpp block with `void example()`) in ${readme}")
  endif()
  set(${out_var} ${sources} PARENT_SCOPE)
endfunction()
