//===- FrontendPlugin.cpp - clang -fplugin= entry point --------------------===//
//
/// \file
/// `clang -fplugin=VecCloneFrontend.so` loads this library. Ahead of code
/// generation it gives every redeclaration of a `declare simd` function the
/// clauses of the earlier ones (DeclareSimdRedecls) and, for AArch64, the
/// declared sizes of what its pointer parameters point to, for the AdvSIMD
/// mask (PointeeSizes); and it loads the pass plugin next to it
/// (VecClone.so) into clang's pipeline, so one flag does both jobs. The passes live in their own library because this one needs
/// libclang-cpp, which opt cannot load beside its own copy of clang's
/// options; `-fpass-plugin=VecClone.so` alone still loads the passes only.
//
//===----------------------------------------------------------------------===//

#include "frontend/DeclareSimdRedecls.h"
#include "plugin/Plugin.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Plugins/PassPlugin.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/Path.h"
#include <dlfcn.h>

using namespace clang;

namespace {

/// The passes are added once: a `-fpass-plugin=` naming this library (or
/// another build of it) already registers them, and twice would define
/// every variant twice.
bool passPluginAlreadyLoaded(const CompilerInstance &CI) {
  for (const auto &Loaded : CI.getPassPlugins())
    if (Loaded->getPluginName() == vecclone::PluginName)
      return true;
  for (const std::string &Path : CI.getCodeGenOpts().PassPlugins)
    if (llvm::sys::path::filename(Path).starts_with("VecClone"))
      return true;
  return false;
}

/// The pass plugin built with this library: same directory, the name
/// carrying LLVM's major version.
std::string passPluginPath() {
  Dl_info Info;
  if (!dladdr(reinterpret_cast<void *>(&passPluginAlreadyLoaded), &Info) ||
      !Info.dli_fname)
    return "";
  llvm::SmallString<256> Path(llvm::sys::path::parent_path(Info.dli_fname));
  llvm::sys::path::append(Path, "VecClone-" +
                                    llvm::Twine(LLVM_VERSION_MAJOR) + ".so");
  return std::string(Path);
}

/// Loads the passes into this compilation's pipeline; an error (the library
/// moved away from this one) is reported, not fatal to the front-end part.
void addPassPlugin(CompilerInstance &CI) {
  if (passPluginAlreadyLoaded(CI))
    return;
  // The library stays loaded for the process; one handle serves every
  // compilation in it.
  static std::optional<llvm::PassPlugin> Passes;
  if (!Passes) {
    std::string Path = passPluginPath();
    auto Loaded = llvm::PassPlugin::Load(Path);
    if (!Loaded) {
      DiagnosticsEngine &Diags = CI.getDiagnostics();
      Diags.Report(Diags.getCustomDiagID(
          DiagnosticsEngine::Error,
          "VecClone: cannot load the pass plugin '%0': %1"))
          << Path << llvm::toString(Loaded.takeError());
      return;
    }
    Passes.emplace(std::move(*Loaded));
  }
  CI.getCodeGenOpts().PassBuilderCallbacks.push_back(
      [](llvm::PassBuilder &PB) { Passes->registerPassBuilderCallbacks(PB); });
}

class VecCloneFrontendAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    addPassPlugin(CI);
    return std::make_unique<vecclone::DeclareSimdRedeclsConsumer>();
  }

  bool ParseArgs(const CompilerInstance &,
                 const std::vector<std::string> &) override {
    return true;
  }

  // Runs with every compilation that loads the plugin, before code
  // generation sees a declaration.
  ActionType getActionType() override { return AddBeforeMainAction; }
};

} // namespace

static FrontendPluginRegistry::Add<VecCloneFrontendAction>
    X("vecclone", "declare simd clauses on every redeclaration, and the "
                  "VecClone passes");
