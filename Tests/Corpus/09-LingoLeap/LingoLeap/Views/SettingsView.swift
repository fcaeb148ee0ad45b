import SwiftUI

struct SettingsView: View {
    @Environment(LingoStore.self) private var store
    @AppStorage("dailyGoalMinutes") private var dailyGoal = 10
    @AppStorage("speakingExercises") private var speakingExercises = true

    var body: some View {
        Form {
            Section("Plan") {
                LabeledContent("Lingo Leap Plus", value: store.isPremium ? String(localized: "Active") : String(localized: "Not subscribed"))
            }
            Section("Learning") {
                Stepper("Daily goal: \(dailyGoal) min", value: $dailyGoal, in: 5...60, step: 5)
                Toggle("Speaking exercises", isOn: $speakingExercises)
            }
            Section("About") {
                Link("Terms of Use", destination: LingoProducts.terms)
                Link("Privacy Policy", destination: LingoProducts.privacy)
            }
        }
        .navigationTitle("Settings")
    }
}
