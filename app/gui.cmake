# SPDX-License-Identifier: Apache-2.0
# app/gui.cmake - the Qt Widgets explorer `galvatron-explorer` (included by app/CMakeLists.txt).
#
# gx_gui: static library with the main window, search controller, views and charts, so that
# tests/gui can link the same code the application runs. galvatron-explorer: main.cpp + gx_gui + gx_cli
# (`galvatron-explorer --cli ...` runs the command-line interface headless).

file(GLOB GX_GUI_SOURCES CONFIGURE_DEPENDS
     ${CMAKE_CURRENT_SOURCE_DIR}/*.cpp ${CMAKE_CURRENT_SOURCE_DIR}/*.h)
list(FILTER GX_GUI_SOURCES EXCLUDE REGEX "/main\\.cpp$")
file(GLOB_RECURSE GX_GUI_VIEW_SOURCES CONFIGURE_DEPENDS
     ${CMAKE_CURRENT_SOURCE_DIR}/views/*.cpp ${CMAKE_CURRENT_SOURCE_DIR}/views/*.h
     ${CMAKE_CURRENT_SOURCE_DIR}/charts/*.cpp ${CMAKE_CURRENT_SOURCE_DIR}/charts/*.h)
# The engine panel needs gx_engine (CUDA); it is added below only when the engine is built.
list(FILTER GX_GUI_VIEW_SOURCES EXCLUDE REGEX "/views/engine_panel\\.(cpp|h)$")
list(APPEND GX_GUI_SOURCES ${GX_GUI_VIEW_SOURCES})

add_library(gx_gui STATIC ${GX_GUI_SOURCES})
target_include_directories(gx_gui PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
target_link_libraries(gx_gui PUBLIC gx_core Qt6::Core Qt6::Gui Qt6::Widgets Qt6::Charts
                                    Qt6::Concurrent)
target_compile_definitions(gx_gui PUBLIC GX_VERSION_STRING="${PROJECT_VERSION}")
set_target_properties(gx_gui PROPERTIES AUTOMOC ON)
if(TARGET gx_engine)
  target_sources(gx_gui PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/views/engine_panel.cpp
                                ${CMAKE_CURRENT_SOURCE_DIR}/views/engine_panel.h)
  target_link_libraries(gx_gui PUBLIC gx_engine)
  target_compile_definitions(gx_gui PUBLIC GX_HAVE_ENGINE=1)
endif()

# Icons (hand-drawn SVG, resources/icons/icons.qrc) compiled in; gx::app::initResources() registers
# them (a static library's resources need Q_INIT_RESOURCE).
qt_add_resources(GX_ICON_SOURCES ${PROJECT_SOURCE_DIR}/resources/icons/icons.qrc)
target_sources(gx_gui PRIVATE ${GX_ICON_SOURCES})

# Translations: .ts -> .qm (lrelease) embedded under :/i18n; `cmake --build . --target
# update_translations` runs lupdate over the GUI sources.
file(GLOB GX_TS_FILES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/translations/*.ts)
if(GX_TS_FILES)
  qt_add_translations(gx_gui TS_FILES ${GX_TS_FILES} RESOURCE_PREFIX /i18n
                      LUPDATE_OPTIONS -no-obsolete)
endif()

add_executable(galvatron-explorer ${CMAKE_CURRENT_SOURCE_DIR}/main.cpp)
target_link_libraries(galvatron-explorer PRIVATE gx_gui gx_cli)
set_target_properties(galvatron-explorer PROPERTIES AUTOMOC ON WIN32_EXECUTABLE ON MACOSX_BUNDLE ON)
install(TARGETS galvatron-explorer RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
                                    BUNDLE DESTINATION ${CMAKE_INSTALL_BINDIR})
