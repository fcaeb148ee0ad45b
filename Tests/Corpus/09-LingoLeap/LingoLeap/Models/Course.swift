import Foundation

struct Lesson: Identifiable, Hashable, Sendable {
    let id: Int
    let title: String
    let isFree: Bool
}

struct Course: Hashable, Sendable {
    let language: String
    let lessons: [Lesson]

    static let spanishBasics = Course(language: "Spanish", lessons: [
        Lesson(id: 1, title: "Greetings", isFree: true),
        Lesson(id: 2, title: "At the café", isFree: true),
        Lesson(id: 3, title: "Numbers and prices", isFree: false),
        Lesson(id: 4, title: "Travel", isFree: false),
    ])
}
