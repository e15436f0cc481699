# Embeds every file under resources/arch, resources/presets and resources/lessons into lx_core
# as byte arrays, so the core (which has no Qt) and the headless command line find them without a
# resource system.
# The generated source is rebuilt whenever one of the files changes.
function(lx_embed_resources target)
    file(GLOB_RECURSE files CONFIGURE_DEPENDS
        "${PROJECT_SOURCE_DIR}/resources/arch/*.json"
        "${PROJECT_SOURCE_DIR}/resources/presets/*.lxscene"
        "${PROJECT_SOURCE_DIR}/resources/lessons/*.json")
    list(SORT files)
    set(out "${CMAKE_CURRENT_BINARY_DIR}/embedded_resources.cpp")
    add_custom_command(
        OUTPUT "${out}"
        COMMAND ${CMAKE_COMMAND} -DOUT=${out} -DROOT=${PROJECT_SOURCE_DIR}/resources
                "-DFILES=${files}" -P ${PROJECT_SOURCE_DIR}/cmake/GenerateEmbedded.cmake
        DEPENDS ${files} ${PROJECT_SOURCE_DIR}/cmake/GenerateEmbedded.cmake
        COMMENT "Embedding resources"
        VERBATIM)
    target_sources(${target} PRIVATE "${out}")
endfunction()
