import StoreKit
import SwiftUI

struct SkyView: View {
    @Environment(\.requestReview) private var requestReview
    @AppStorage("sessions") private var sessions = 0
    @State private var selected: Constellation?
    @State private var isShowingMoreApps = false

    private let gate = ReviewGate()
    private var appVersion: String {
        Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String ?? "0"
    }

    var body: some View {
        NavigationStack {
            List(ConstellationCatalog.all) { constellation in
                Button(constellation.name) { selected = constellation }
            }
            .navigationTitle("Tonight's Sky")
            .toolbar {
                Button("More Apps") { isShowingMoreApps = true }
            }
            .sheet(item: $selected) { constellation in
                ConstellationDetail(constellation: constellation)
                    .onDisappear(perform: askForReviewIfAppropriate)
            }
            .sheet(isPresented: $isShowingMoreApps) { MoreAppsView() }
        }
    }

    private func askForReviewIfAppropriate() {
        guard gate.shouldAsk(sessions: sessions, appVersion: appVersion) else { return }
        gate.didAsk(appVersion: appVersion)
        requestReview()
    }
}

struct ConstellationDetail: View {
    let constellation: Constellation

    var body: some View {
        VStack(spacing: 12) {
            Text(constellation.name).font(.largeTitle.bold())
            Text("Best seen in \(constellation.bestMonth)")
            Text("\(constellation.brightStars) bright stars")
        }
        .padding()
    }
}
