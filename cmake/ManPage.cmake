# Writes the man page layout-explorer.1 from the program's own --help texts, so the two cannot
# disagree: `layout-explorer --help` gives the synopsis and the command list, `COMMAND --help` each
# command's options, and a command whose help lists "Kinds:" (analyze, ...) each kind's options.
# Usage: cmake -DEXE=path/to/layout-explorer -DOUT=layout-explorer.1 -DVERSION=x.y.z -P ManPage.cmake

cmake_policy(VERSION 3.25) # lists keep their empty elements (CMP0007), as in a project

set(ENV{QT_QPA_PLATFORM} offscreen)

function(lx_help out_var)
    execute_process(COMMAND ${EXE} ${ARGN} --help OUTPUT_VARIABLE text RESULT_VARIABLE rc
                    ERROR_QUIET)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "'layout-explorer ${ARGN} --help' exited with ${rc}")
    endif()
    set(${out_var} "${text}" PARENT_SCOPE)
endfunction()

# The names listed under HEADING ("Commands:" or "Kinds:"): lines "  NAME  summary" after it.
function(lx_listed_names text heading out_var)
    string(FIND "${text}" "${heading}" at)
    set(names "")
    if(at GREATER -1)
        string(SUBSTRING "${text}" ${at} -1 rest)
        # A summary may contain ';', CMake's list separator: mask it before splitting into lines.
        string(REPLACE ";" "," rest "${rest}")
        string(REPLACE "\n" ";" lines "${rest}")
        list(POP_FRONT lines)
        foreach(line IN LISTS lines)
            if(line MATCHES "^  ([a-z][a-z0-9-]*) ")
                list(APPEND names "${CMAKE_MATCH_1}")
            elseif(NOT line STREQUAL "")
                break()
            endif()
        endforeach()
    endif()
    set(${out_var} "${names}" PARENT_SCOPE)
endfunction()

# Help text as a roff no-fill block: backslashes doubled, lines starting with . or ' protected.
function(lx_roff_block text out_var)
    string(REPLACE "\\" "\\e" text "${text}")
    string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
    set(${out_var} ".nf\n${text}\n.fi\n" PARENT_SCOPE)
endfunction()

lx_help(main_help)
lx_listed_names("${main_help}" "Commands:" commands)
lx_roff_block("${main_help}" main_block)

set(page ".TH LAYOUT-EXPLORER 1 \"\" \"layout-explorer ${VERSION}\" \"User Commands\"\n")
string(APPEND page ".SH NAME\nlayout-explorer \\- edit GPU linear layouts and see what the hardware does with them\n")
string(APPEND page ".SH SYNOPSIS\n${main_block}")
string(APPEND page ".SH DESCRIPTION\nWith no command (or a scene file, or \\fB--preset\\fR NAME) \
layout-explorer opens the explorer window. With a command it runs headless and needs no display: \
errors go to standard error, the exit status is 0 on success, 1 for bad input and 2 for bad usage, \
and an output file is written atomically or not at all.\n")
string(APPEND page ".SH COMMANDS\n")
foreach(cmd IN LISTS commands)
    lx_help(cmd_help ${cmd})
    lx_roff_block("${cmd_help}" block)
    string(APPEND page ".SS ${cmd}\n${block}")
    lx_listed_names("${cmd_help}" "Kinds:" kinds)
    foreach(kind IN LISTS kinds)
        lx_help(kind_help ${cmd} ${kind})
        lx_roff_block("${kind_help}" block)
        string(APPEND page ".SS ${cmd} ${kind}\n${block}")
    endforeach()
endforeach()
string(APPEND page ".SH FILES\n.TP\n\\fI*.lxscene\\fR\nScene files (JSON): named layouts, views and the architecture.\n")
string(APPEND page ".SH SEE ALSO\nThe README and docs/ of the Layout Explorer source tree.\n")
file(WRITE "${OUT}" "${page}")
