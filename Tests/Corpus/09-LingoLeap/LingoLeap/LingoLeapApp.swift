import SwiftUI

@main
struct LingoLeapApp: App {
    @State private var store = LingoStore()
    @State private var course = Course.spanishBasics

    var body: some Scene {
        WindowGroup {
            LessonListView(course: course)
                .environment(store)
                .task {
                    await store.loadProducts()
                    await store.refreshEntitlements()
                }
        }
    }
}
