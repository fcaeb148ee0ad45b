import SwiftUI

struct PriceBadge: View {
    var body: some View {
        Text("paywall.badge.best_value")
            .font(.caption.weight(.semibold))
            .padding(.horizontal, 8)
            .padding(.vertical, 2)
            .background(.yellow, in: Capsule())
    }
}
