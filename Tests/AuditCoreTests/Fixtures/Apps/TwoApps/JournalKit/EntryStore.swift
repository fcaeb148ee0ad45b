import Observation

@Observable
public final class EntryStore {
    public private(set) var titles: [String] = []

    public init() {}

    public func add(_ title: String) {
        titles.insert(title, at: 0)
    }
}
