import Foundation

/// The gem balance and the App Store transactions that paid for it, saved together
/// so that a transaction can never be credited twice, even across launches.
actor GemLedger {
    private struct State: Codable {
        var balance = 0
        var creditedTransactionIDs: Set<UInt64> = []
    }

    private var state: State
    private let fileURL: URL

    init(fileURL: URL = .applicationSupportDirectory.appending(path: "gem-ledger.json")) {
        self.fileURL = fileURL
        if let data = try? Data(contentsOf: fileURL), let saved = try? JSONDecoder().decode(State.self, from: data) {
            state = saved
        } else {
            state = State()
        }
    }

    var balance: Int { state.balance }

    /// Credits `gems` for the transaction unless it was credited before. Returns the new balance.
    func credit(_ gems: Int, forTransaction transactionID: UInt64) -> Int {
        guard state.creditedTransactionIDs.insert(transactionID).inserted else { return state.balance }
        state.balance += gems
        save()
        return state.balance
    }

    func spend(_ gems: Int) -> Bool {
        guard state.balance >= gems else { return false }
        state.balance -= gems
        save()
        return true
    }

    private func save() {
        try? FileManager.default.createDirectory(at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? JSONEncoder().encode(state).write(to: fileURL, options: .atomic)
    }
}
