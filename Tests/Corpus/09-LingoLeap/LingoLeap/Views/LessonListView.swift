import SwiftUI

struct LessonListView: View {
    @Environment(LingoStore.self) private var store
    let course: Course
    @State private var isShowingPaywall = false

    var body: some View {
        NavigationStack {
            List(course.lessons) { lesson in
                Button {
                    if !lesson.isFree && !store.isPremium { isShowingPaywall = true }
                } label: {
                    HStack {
                        Text(lesson.title)
                        Spacer()
                        if !lesson.isFree && !store.isPremium {
                            Image(systemName: "lock.fill")
                        }
                    }
                }
            }
            .navigationTitle(course.language)
            .toolbar {
                NavigationLink { SettingsView() } label: { Image(systemName: "gear") }
            }
            .sheet(isPresented: $isShowingPaywall) { PaywallView() }
        }
    }
}
