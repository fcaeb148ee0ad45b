import SwiftUI

@main
struct SleepCastApp: App {
    @State private var store = SleepStore()
    @State private var timer = SleepTimer()

    var body: some Scene {
        WindowGroup {
            StoriesView()
                .environment(store)
                .environment(timer)
        }
    }
}
