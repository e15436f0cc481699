# ctest script: proves that floor FLOOR sees its own headers and cannot see FORBIDDEN floors.
#   cmake -DCXX=... -DINCLUDES="dir;dir" -DFLOOR=layout -DOWN=layout/linearlayout.h
#         -DFORBIDDEN="analysis/banks.h;..." -DWORK=dir -P probe-floor.cmake
# Each probe is a one-line source compiled with -fsyntax-only and the floor's include path (the
# same one its own sources and users get). The own header must compile; each forbidden header
# must fail with "No such file", i.e. because the floor cannot see it, not for another reason.
set(flags -std=c++20 -fsyntax-only -x c++)
foreach(dir IN LISTS INCLUDES)
    list(APPEND flags "-I${dir}")
endforeach()
file(MAKE_DIRECTORY "${WORK}")

function(probe header outvar errvar)
    string(MAKE_C_IDENTIFIER "${header}" id)
    set(src "${WORK}/${FLOOR}-${id}.cpp")
    file(WRITE "${src}" "#include \"${header}\"\n")
    execute_process(COMMAND ${CXX} ${flags} "${src}" RESULT_VARIABLE rc ERROR_VARIABLE err
                    OUTPUT_QUIET)
    set(${outvar} ${rc} PARENT_SCOPE)
    set(${errvar} "${err}" PARENT_SCOPE)
endfunction()

probe("${OWN}" rc err)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "floor ${FLOOR}: its own header ${OWN} does not compile:\n${err}")
endif()
set(failures "")
foreach(header IN LISTS FORBIDDEN)
    probe("${header}" rc err)
    if(rc EQUAL 0)
        string(APPEND failures "  ${FLOOR} can include ${header}, a floor above it or beside it\n")
    elseif(NOT err MATCHES "${header}: No such file")
        string(APPEND failures "  ${header} failed for another reason than not being visible:\n${err}\n")
    endif()
endforeach()
if(failures)
    message(FATAL_ERROR "floor ${FLOOR}:\n${failures}")
endif()
list(LENGTH FORBIDDEN n)
message(STATUS "floor ${FLOOR}: own headers visible, ${n} other floors invisible")
