import SwiftUI
import UIKit

enum MeasurementChoice: String, CaseIterable, Identifiable {
    case metric, usCustomary

    var id: Self { self }

    var title: LocalizedStringKey {
        switch self {
        case .metric: "Metric"
        case .usCustomary: "US Customary"
        }
    }
}

struct SettingsView: View {
    @EnvironmentObject private var purchases: PurchaseManager
    @AppStorage("units") private var units = MeasurementChoice.metric
    @AppStorage("keepScreenOn") private var keepScreenOn = true
    @State private var isShowingPaywall = false

    var body: some View {
        Form {
            Section("Recipe Box Pro") {
                if purchases.isPro {
                    Label("Pro is active", systemImage: "checkmark.seal.fill")
                } else {
                    Button("Go Pro") { isShowingPaywall = true }
                }
            }

            Section("Cooking") {
                Picker("Units", selection: $units) {
                    ForEach(MeasurementChoice.allCases) { choice in
                        Text(choice.title).tag(choice)
                    }
                }
                Toggle("Keep screen on while cooking", isOn: $keepScreenOn)
            }

            Section("About") {
                DisclosureGroup {
                    Text("Faster search, a new shopping list layout, and timers that keep running in the background.")
                        .font(.footnote)
                } label: {
                    Text("What's new in v4.99")
                }
                Link("Send Feedback", destination: URL(string: "mailto:hello@recipebox.example.com")!)
            }
        }
        .navigationTitle("Settings")
        .onChange(of: keepScreenOn) { _, keepOn in
            UIApplication.shared.isIdleTimerDisabled = keepOn
        }
        .sheet(isPresented: $isShowingPaywall) {
            PaywallView()
        }
    }
}
