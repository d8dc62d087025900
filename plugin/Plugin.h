//===- Plugin.h - The pass plugin's name ----------------------------------===//
//
/// \file
/// The pass plugin's name, by which the front-end plugin (frontend/) tells
/// whether a `-fpass-plugin=` already loaded the passes.
//
//===----------------------------------------------------------------------===//

#ifndef VECCLONE_PLUGIN_PLUGIN_H
#define VECCLONE_PLUGIN_PLUGIN_H

namespace vecclone {

/// The pass plugin's name (PassPlugin::getPluginName).
inline constexpr const char *PluginName = "VecClone";

} // namespace vecclone

#endif
