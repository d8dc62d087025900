//===- Plugin.h - The plugin's pass registration --------------------------===//
//
/// \file
/// What `llvmGetPassPluginInfo` registers, callable by the front-end plugin
/// too (clang -fplugin= adds the passes through CodeGenOptions).
//
//===----------------------------------------------------------------------===//

#ifndef VECCLONE_PLUGIN_PLUGIN_H
#define VECCLONE_PLUGIN_PLUGIN_H

namespace llvm {
class PassBuilder;
}

namespace vecclone {

/// The pass plugin's name (PassPlugin::getPluginName).
inline constexpr const char *PluginName = "VecClone";

/// Every pass for `-passes=` and its place in clang's default pipelines.
void registerPluginPasses(llvm::PassBuilder &PB);

} // namespace vecclone

#endif
