import FuzzSupport
import Foundation

exit(runFuzzer { data, size in fuzzProject(data, size) })
