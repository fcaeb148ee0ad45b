import StoreKit
import SwiftUI

struct WorkoutsView: View {
    @Environment(CoachStore.self) private var store
    @State private var isShowingPlans = false

    private let workouts = ["5K Builder", "Core in 10", "Mobility Reset", "Tempo Run"]

    var body: some View {
        NavigationStack {
            List {
                if !store.hasPro {
                    Section {
                        if store.canStartTrial, let yearly = store.plans.last, let intro = yearly.subscription?.introductoryOffer {
                            Text("Try Pro free for \(intro.period.value) \(intro.period.unit.localizedDescription), then \(yearly.displayPrice) per year")
                                .font(.headline)
                        }
                        ProductView(id: FitProducts.proYearly)
                            .productViewStyle(.compact)
                        Button("See all plans") { isShowingPlans = true }
                    } footer: {
                        HStack {
                            NavigationLink("Terms of Service") { TermsOfServiceView() }
                            Link("Privacy Policy", destination: FitProducts.privacyURL)
                        }
                    }
                }
                Section("Workouts") {
                    ForEach(workouts, id: \.self) { workout in
                        Label(workout, systemImage: store.hasPro ? "play.circle" : "lock")
                    }
                }
            }
            .navigationTitle("FitCoach")
            .toolbar {
                NavigationLink { SettingsView() } label: { Image(systemName: "gear") }
            }
            .onInAppPurchaseCompletion { _, result in
                if case .success(let purchaseResult) = result {
                    await store.handle(purchase: purchaseResult)
                }
            }
            .sheet(isPresented: $isShowingPlans) { PlansView() }
        }
    }
}
