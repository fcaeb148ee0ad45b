import XCTest
@testable import Lib

final class PaywallCopyTests: XCTestCase {
    func testTrialLineMentionsDays() {
        XCTAssertTrue(PaywallCopy.trialLine(days: 7).contains("7"))
    }
}
