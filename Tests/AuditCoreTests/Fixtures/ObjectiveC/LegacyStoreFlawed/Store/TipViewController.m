#import "TipViewController.h"
#import "TipStore.h"

@implementation TipViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.store = [[TipStore alloc] init];
    [[SKPaymentQueue defaultQueue] addTransactionObserver:self.store];
}

- (IBAction)tipTapped:(id)sender {
    [self.store buyProduct:self.products.firstObject];
}

@end
