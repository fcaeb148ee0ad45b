#import "AppDelegate.h"
#import "TipStore.h"

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    // The store is created, and observes the queue, only when the tip screen opens.
    return YES;
}

@end
