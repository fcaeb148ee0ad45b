import SwiftUI

struct ScannerView: View {
    @Environment(ScanStore.self) private var store
    @AppStorage("scansThisMonth") private var scansThisMonth = 0
    @State private var isShowingUpgrade = false

    private let freeScansPerMonth = 5

    var body: some View {
        NavigationStack {
            VStack(spacing: 20) {
                Image(systemName: "camera.viewfinder")
                    .font(.system(size: 120))
                    .foregroundStyle(.tint)
                Button("Scan Document") {
                    if store.isPro || scansThisMonth < freeScansPerMonth {
                        scansThisMonth += 1
                    } else {
                        isShowingUpgrade = true
                    }
                }
                .buttonStyle(.borderedProminent)
                if !store.isPro {
                    Text("\(max(0, freeScansPerMonth - scansThisMonth)) free scans left this month")
                        .foregroundStyle(.secondary)
                }
            }
            .navigationTitle("ScanKit")
            .toolbar {
                NavigationLink { SettingsView() } label: { Image(systemName: "gear") }
            }
            .sheet(isPresented: $isShowingUpgrade) { ProUpgradeView() }
        }
    }
}
