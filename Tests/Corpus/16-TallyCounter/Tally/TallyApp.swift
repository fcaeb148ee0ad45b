import SwiftUI

/*
 Tally 1.0 set up StoreKit like this, in the app delegate:

     SKPaymentQueue.default().add(observer)   // see /* IAPObserver.swift */ in 1.0
     SKPaymentQueue.default().restoreCompletedTransactions()

 and validated receipts against https://buy.itunes.apple.com/verifyReceipt.
 Version 2.0 moved to StoreKit 2: TallyStore.init below starts the
 `for await result in Transaction.updates` loop.
 */
@main
struct TallyApp: App {
    @State private var store = TallyStore()

    var body: some Scene {
        WindowGroup {
            CounterView()
                .environment(store)
        }
    }
}
