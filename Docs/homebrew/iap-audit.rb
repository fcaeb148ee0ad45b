# Homebrew formula template for iap-audit.
#
# To publish: put it in a tap (a repository named homebrew-tap, as Formula/iap-audit.rb),
# set `url` to the release tarball and `sha256` to its checksum:
#
#   curl -L -o iap-audit.tar.gz https://github.com/iap-audit/iap-audit/archive/refs/tags/v0.1.0.tar.gz
#   shasum -a 256 iap-audit.tar.gz
#
# then `brew install iap-audit/tap/iap-audit`. GitHub's tarballs come from `git archive`,
# which fills in .git_archival.txt, so `iap-audit --version` names the release's commit.
class IapAudit < Formula
  desc "Audit an iOS or macOS app's in-app purchase code before App Review"
  homepage "https://github.com/iap-audit/iap-audit"
  url "https://github.com/iap-audit/iap-audit/archive/refs/tags/v0.1.0.tar.gz"
  sha256 "0000000000000000000000000000000000000000000000000000000000000000"
  head "https://github.com/iap-audit/iap-audit.git", branch: "main"

  depends_on "pkgconf" => :build
  depends_on xcode: ["16.0", :build] # Swift 6
  depends_on "cmark-gfm"
  depends_on macos: :ventura

  uses_from_macos "swift" => :build

  def install
    # Homebrew builds in its own sandbox; SwiftPM's (and its build-tool plugins') would nest.
    system "swift", "build", "--disable-sandbox", "--configuration", "release", "--product", "iap-audit"
    bin.install ".build/release/iap-audit"
    man1.install "Docs/iap-audit.1"
    # Runs `iap-audit completions bash`, `… zsh` and `… fish`.
    generate_completions_from_executable(bin/"iap-audit", "completions")
  end

  test do
    assert_match version.to_s, shell_output("#{bin}/iap-audit --version")
    (testpath/"App/PaywallView.swift").write <<~SWIFT
      import StoreKit
      import SwiftUI
      struct PaywallView: View {
          let product: Product
          var body: some View {
              Text("Only $4.99 per month")
              Button("Subscribe") { Task { _ = try? await product.purchase() } }
          }
      }
    SWIFT
    output = shell_output("#{bin}/iap-audit #{testpath} --output #{testpath}/report --color never", 1)
    assert_match "Not ready for review", output
    assert_path_exists testpath/"report/report.html"
  end
end
