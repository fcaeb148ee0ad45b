#import "SettingsViewController.h"
#import "StoreObserver.h"

@implementation SettingsViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.navigationItem.rightBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:NSLocalizedString(@"Restore Purchases", nil)
                                                                              style:UIBarButtonItemStylePlain
                                                                             target:self
                                                                             action:@selector(restoreTapped:)];
}

- (void)restoreTapped:(id)sender {
    [[StoreObserver sharedObserver] restore];
}

@end
