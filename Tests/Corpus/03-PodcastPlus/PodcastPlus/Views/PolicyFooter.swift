import SwiftUI

struct PolicyFooter: View {
    var body: some View {
        VStack(spacing: 4) {
            Text("Podcast Plus renews monthly until cancelled. Cancel any time in Settings > Apple Account > Subscriptions.")
            HStack(spacing: 16) {
                Link("Terms of Use", destination: URL(string: "https://podcastplus.example.com/terms")!)
                Link("Privacy Policy", destination: URL(string: "https://podcastplus.example.com/privacy")!)
            }
        }
        .font(.caption2)
        .foregroundStyle(.secondary)
        .multilineTextAlignment(.center)
    }
}
