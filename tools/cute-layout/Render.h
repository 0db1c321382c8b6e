//===- Render.h - Text and SVG rendering of layouts -------------*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_TOOLS_CUTELAYOUT_RENDER_H
#define CUTELLVM_TOOLS_CUTELAYOUT_RENDER_H

#include "CuteLLVM/Layout/Layout.h"

#include "llvm/Support/raw_ostream.h"

namespace cute {

/// The 2-D table of CuTe's print_layout (rank-1 layouts print as a column).
llvm::Error printLayout(llvm::raw_ostream &OS, const Layout &L);

/// An SVG grid of a rank-1 or rank-2 layout's indices.
llvm::Error writeLayoutSVG(llvm::raw_ostream &OS, const Layout &L);

/// An SVG of a (thread, value) layout over an M x N tile: each cell shows the
/// thread and value that own it, coloured by thread.
llvm::Error writeTVLayoutSVG(llvm::raw_ostream &OS, const Layout &TV, int64_t M,
                             int64_t N);

} // namespace cute

#endif // CUTELLVM_TOOLS_CUTELAYOUT_RENDER_H
