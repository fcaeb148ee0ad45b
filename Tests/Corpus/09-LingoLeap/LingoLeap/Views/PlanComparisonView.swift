import StoreKit
import SwiftUI

/// Free vs Plus, feature by feature.
struct PlanComparisonView: View {
    @Environment(LingoStore.self) private var store

    private let rows: [(feature: LocalizedStringKey, free: Bool)] = [
        ("Daily lesson", true),
        ("All 40 courses", false),
        ("Offline mode", false),
        ("Personal review plan", false),
    ]

    var body: some View {
        NavigationStack {
            List {
                Section {
                    ForEach(rows.indices, id: \.self) { index in
                        HStack {
                            Text(rows[index].feature)
                            Spacer()
                            Image(systemName: rows[index].free ? "checkmark" : "minus")
                                .frame(width: 44)
                            Image(systemName: "checkmark")
                                .frame(width: 44)
                        }
                    }
                } header: {
                    HStack {
                        Spacer()
                        Text("Free").frame(width: 44)
                        Text("Plus").frame(width: 44)
                    }
                }
                if let yearly = store.plans.last {
                    Section {
                        if let trial = yearly.subscription?.introductoryOffer {
                            Text("Start with a \(trial.period.value)-\(trial.period.unit.localizedDescription) free trial")
                                .font(.headline)
                        }
                        Text("Best value: 4,99 € a month, billed yearly")
                        Button("Choose Yearly") {
                            Task { await store.purchase(yearly) }
                        }
                    }
                }
            }
            .navigationTitle("Compare Plans")
        }
    }
}
