# ctest script: the Python extension MODULE contains no code of the command-line library lx_cli
# (its namespace lx::app: the commands, their option parsing and output) and links no Qt Widgets:
# it is built from the headless libraries only (the engine, the request layer, the renderer).
#   cmake -DMODULE=path -DNM=nm -P check-no-cli.cmake
execute_process(COMMAND "${NM}" -C --defined-only "${MODULE}" OUTPUT_VARIABLE symbols
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${NM} could not read ${MODULE}")
endif()
string(REGEX MATCHALL "[^\n]*lx::app::[^\n]*" found "${symbols}")
list(LENGTH found n)
if(n GREATER 0)
    list(GET found 0 first)
    message(FATAL_ERROR "${MODULE} holds ${n} symbols of the command-line library, e.g. ${first}")
endif()
string(REGEX MATCHALL "[^\n]*lx::[^\n]*" engine "${symbols}")
list(LENGTH engine m)
if(m EQUAL 0)
    message(FATAL_ERROR "${MODULE} holds no symbol of the engine: is this the extension?")
endif()
file(GET_RUNTIME_DEPENDENCIES LIBRARIES "${MODULE}" RESOLVED_DEPENDENCIES_VAR deps
     UNRESOLVED_DEPENDENCIES_VAR missing)
foreach(dep IN LISTS deps)
    get_filename_component(name "${dep}" NAME)
    if(name MATCHES "^libQt6Widgets")
        message(FATAL_ERROR "${MODULE} needs ${name}")
    endif()
endforeach()
message(STATUS "${MODULE}: ${m} engine symbols, none of lx::app, no Qt Widgets")
