import FuzzSupport
import Foundation

exit(runFuzzer { data, size in fuzzObjectiveC(data, size) })
