#import "AppDelegate.h"
#import "StoreObserver.h"

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    [StoreObserver sharedObserver];
    return YES;
}

@end
