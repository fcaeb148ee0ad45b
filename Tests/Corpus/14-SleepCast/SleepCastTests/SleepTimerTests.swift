import XCTest
@testable import SleepCast

@MainActor
final class SleepTimerTests: XCTestCase {
    func testLabels() {
        XCTAssertEqual(SleepTimer.label(for: .seconds(15 * 60)), "15 min")
        XCTAssertEqual(SleepTimer.label(for: .seconds(60 * 60)), "1 h")
    }

    func testCancelClearsTheTimer() {
        let timer = SleepTimer()
        timer.start(.seconds(60))
        timer.cancel()
        XCTAssertNil(timer.remaining)
    }
}
