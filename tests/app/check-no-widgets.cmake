# ctest script: EXE links Qt Gui and no Qt Widgets (the promise of the headless library and of
# layout-explorer-cli).
#   cmake -DEXE=path -P check-no-widgets.cmake
file(GET_RUNTIME_DEPENDENCIES EXECUTABLES "${EXE}" RESOLVED_DEPENDENCIES_VAR deps
     UNRESOLVED_DEPENDENCIES_VAR missing)
set(gui FALSE)
foreach(dep IN LISTS deps)
    get_filename_component(name "${dep}" NAME)
    if(name MATCHES "^libQt6Widgets")
        message(FATAL_ERROR "${EXE} needs ${name}: the headless library links Qt Widgets")
    endif()
    if(name MATCHES "^libQt6Gui")
        set(gui TRUE)
    endif()
endforeach()
if(NOT gui)
    message(FATAL_ERROR "${EXE} does not link Qt Gui: is this a headless executable?")
endif()
list(LENGTH deps n)
message(STATUS "${EXE}: ${n} libraries, Qt Gui among them, no Qt Widgets")
