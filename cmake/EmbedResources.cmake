# Embeds the files listed in resources/embedded.cmake (arch descriptions, presets, lessons) into
# a target as byte arrays, so the core (which has no Qt) and the headless command line find them
# without a resource system. The generated source is rebuilt whenever one of the files changes.
include(${PROJECT_SOURCE_DIR}/resources/embedded.cmake)
function(lx_embed_resources target)
    set(files ${LX_EMBEDDED_RESOURCES})
    list(TRANSFORM files PREPEND "${PROJECT_SOURCE_DIR}/resources/")
    set(out "${CMAKE_CURRENT_BINARY_DIR}/embedded_resources.cpp")
    add_custom_command(
        OUTPUT "${out}"
        COMMAND ${CMAKE_COMMAND} -DOUT=${out} -DROOT=${PROJECT_SOURCE_DIR}/resources
                "-DFILES=${files}" -P ${PROJECT_SOURCE_DIR}/cmake/GenerateEmbedded.cmake
        DEPENDS ${files} ${PROJECT_SOURCE_DIR}/cmake/GenerateEmbedded.cmake
                ${PROJECT_SOURCE_DIR}/resources/embedded.cmake
        COMMENT "Embedding resources"
        VERBATIM)
    target_sources(${target} PRIVATE "${out}")
endfunction()
