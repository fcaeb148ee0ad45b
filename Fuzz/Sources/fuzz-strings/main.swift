import FuzzSupport
import Foundation

exit(runFuzzer { data, size in fuzzStrings(data, size) })
