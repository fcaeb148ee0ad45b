import FuzzSupport
import Foundation

exit(runFuzzer { data, size in fuzzXCStrings(data, size) })
