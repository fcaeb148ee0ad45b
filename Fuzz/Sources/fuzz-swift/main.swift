import FuzzSupport
import Foundation

exit(runFuzzer { data, size in fuzzSwift(data, size) })
