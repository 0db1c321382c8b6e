//===- Render.cpp - Text and SVG rendering of layouts ---------------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//

#include "Render.h"
#include "CuteLLVM/Support/Diagnostics.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <string>

using namespace llvm;

namespace cute {

namespace {
/// A static rank-2 view of \p L: (rows, cols) and L(m, n).
struct Grid {
  Layout L;
  int64_t Rows = 1, Cols = 1;
};

Expected<Grid> toGrid(const Layout &L, StringRef What) {
  if (!isStatic(L.Shape) || !isStatic(L.Stride))
    return makeError(diag(DiagID::ExpectsStaticLayout, What, L.str()));
  if (hasBasis(L.Stride))
    return makeError(diag(DiagID::ExpectsIntegerStrides, What, L.str()));
  unsigned R = rank(L);
  if (R > 2)
    return makeError(diag(DiagID::ExpectsRankRankLayout, What, L.str(), R));
  Grid G;
  G.L = L;
  if (R == 2 && L.Shape.isTuple()) {
    G.Rows = product(L.Shape[0]).value();
    G.Cols = product(L.Shape[1]).value();
  } else {
    G.Rows = product(L.Shape).value();
    G.L = Layout(IntTuple({L.Shape, IntTuple(1)}),
                 IntTuple({L.Stride, IntTuple(0)}));
  }
  const int64_t MaxCells = 1 << 22;
  if (G.Rows > MaxCells || G.Cols > MaxCells || G.Rows * G.Cols > MaxCells)
    return makeError(diag(DiagID::LayoutTooLargeDraw, What, L.str()));
  return G;
}

Expected<int64_t> at(const Grid &G, int64_t M, int64_t N) {
  auto R = crd2idx(IntTuple({IntTuple(M), IntTuple(N)}), G.L.Shape, G.L.Stride);
  if (!R)
    return R.takeError();
  return R->value().value();
}

unsigned numDigits(int64_t X) {
  unsigned D = 1;
  for (X = X < 0 ? -(X + 1) : X; X >= 10; X /= 10)
    ++D;
  return D;
}

/// A distinct, readable fill colour for thread \p T.
std::string threadColour(int64_t T) {
  // Golden-angle hue walk, pastel saturation and lightness.
  double Hue = std::fmod(double(T) * 137.508, 360.0);
  return formatv("hsl({0:F1},70%,{1}%)", Hue, T % 2 ? 78 : 68).str();
}
} // namespace

Error printLayout(raw_ostream &OS, const Layout &L) {
  auto G = toGrid(L, "print");
  if (!G)
    return G.takeError();
  auto Co = cosize(L);
  if (!Co)
    return Co.takeError();
  unsigned W = numDigits(Co->value()) + 2;
  std::string Delim = "+" + std::string(W, '-');
  OS << L.str() << "\n    ";
  for (int64_t N = 0; N < G->Cols; ++N)
    OS << "  " << format_decimal(N, W - 2) << " ";
  OS << "\n";
  for (int64_t M = 0; M < G->Rows; ++M) {
    OS << "    ";
    for (int64_t N = 0; N < G->Cols; ++N)
      OS << Delim;
    OS << "+\n" << format_decimal(M, 2) << "  ";
    for (int64_t N = 0; N < G->Cols; ++N) {
      auto V = at(*G, M, N);
      if (!V)
        return V.takeError();
      OS << "| " << format_decimal(*V, W - 2) << " ";
    }
    OS << "|\n";
  }
  OS << "    ";
  for (int64_t N = 0; N < G->Cols; ++N)
    OS << Delim;
  OS << "+\n";
  return Error::success();
}

Error writeLayoutSVG(raw_ostream &OS, const Layout &L) {
  auto G = toGrid(L, "svg");
  if (!G)
    return G.takeError();
  const int Cell = 28, Margin = 24;
  int64_t Width = 2 * Margin + G->Cols * Cell;
  int64_t Height = 2 * Margin + G->Rows * Cell + 20;
  OS << formatv("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" "
                "height=\"{1}\" font-family=\"monospace\" font-size=\"10\">\n",
                Width, Height);
  OS << formatv("<text x=\"{0}\" y=\"14\">{1}</text>\n", Margin, L.str());
  for (int64_t M = 0; M < G->Rows; ++M)
    for (int64_t N = 0; N < G->Cols; ++N) {
      auto V = at(*G, M, N);
      if (!V)
        return V.takeError();
      int64_t X = Margin + N * Cell, Y = Margin + M * Cell;
      OS << formatv("<rect x=\"{0}\" y=\"{1}\" width=\"{2}\" height=\"{2}\" "
                    "fill=\"{3}\" stroke=\"black\"/>\n",
                    X, Y, Cell, threadColour(*V / 8));
      OS << formatv("<text x=\"{0}\" y=\"{1}\" text-anchor=\"middle\">{2}"
                    "</text>\n",
                    X + Cell / 2, Y + Cell / 2 + 4, *V);
    }
  OS << "</svg>\n";
  return Error::success();
}

Error writeTVLayoutSVG(raw_ostream &OS, const Layout &TV, int64_t M,
                       int64_t N) {
  if (M <= 0 || N <= 0)
    return makeError(diag(DiagID::SvgTvExpectsPositive));
  if (rank(TV) != 2 || !TV.Shape.isTuple())
    return makeError(diag(DiagID::SvgTvExpectsRank, TV.str()));
  if (!isIntegral(TV))
    return makeError(diag(DiagID::SvgTvExpectsStatic, TV.str()));
  int64_t Threads = product(TV.Shape[0]).value();
  int64_t Values = product(TV.Shape[1]).value();
  // M * N without overflow (--tile=4,2^62 would wrap to 0).
  if (M > (int64_t(1) << 22) / N)
    return makeError(diag(DiagID::SvgTvTileToo));
  // Owner of each cell of the M x N tile (column-major index m + n*M).
  std::vector<std::pair<int64_t, int64_t>> Owner(M * N, {-1, -1});
  for (int64_t T = 0; T < Threads; ++T)
    for (int64_t V = 0; V < Values; ++V) {
      auto I =
          crd2idx(IntTuple({IntTuple(T), IntTuple(V)}), TV.Shape, TV.Stride);
      if (!I)
        return I.takeError();
      int64_t Idx = I->value().value();
      if (Idx < 0 || Idx >= M * N)
        return makeError(
            diag(DiagID::SvgTvLayoutMaps, TV.str(), T, V, Idx, M, N));
      if (Owner[Idx].first < 0)
        Owner[Idx] = {T, V};
    }
  const int CellW = 36, CellH = 22, Margin = 30;
  int64_t Width = 2 * Margin + N * CellW;
  int64_t Height = 2 * Margin + M * CellH + 10;
  OS << formatv("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" "
                "height=\"{1}\" font-family=\"monospace\" font-size=\"8\">\n",
                Width, Height);
  OS << formatv("<text x=\"{0}\" y=\"14\" font-size=\"10\">{1} on {2}x{3}"
                "</text>\n",
                Margin, TV.str(), M, N);
  for (int64_t C = 0; C < N; ++C)
    OS << formatv("<text x=\"{0}\" y=\"{1}\" text-anchor=\"middle\">{2}"
                  "</text>\n",
                  Margin + C * CellW + CellW / 2, Margin - 4, C);
  for (int64_t R = 0; R < M; ++R) {
    OS << formatv("<text x=\"{0}\" y=\"{1}\" text-anchor=\"end\">{2}</text>\n",
                  Margin - 4, Margin + R * CellH + CellH / 2 + 3, R);
    for (int64_t C = 0; C < N; ++C) {
      auto [T, V] = Owner[R + C * M];
      int64_t X = Margin + C * CellW, Y = Margin + R * CellH;
      OS << formatv("<rect x=\"{0}\" y=\"{1}\" width=\"{2}\" height=\"{3}\" "
                    "fill=\"{4}\" stroke=\"black\" stroke-width=\"0.5\"/>\n",
                    X, Y, CellW, CellH, T < 0 ? "white" : threadColour(T));
      if (T >= 0)
        OS << formatv("<text x=\"{0}\" y=\"{1}\" text-anchor=\"middle\">"
                      "T{2} V{3}</text>\n",
                      X + CellW / 2, Y + CellH / 2 + 3, T, V);
    }
  }
  OS << "</svg>\n";
  return Error::success();
}

} // namespace cute
