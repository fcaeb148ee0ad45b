import FuzzSupport
import Foundation

exit(runFuzzer { data, size in fuzzStoreKit(data, size) })
