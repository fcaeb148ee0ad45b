#import <Foundation/Foundation.h>
#define LOG(fmt, ...) NSLog(@"x: " fmt, ##__VA_ARGS__) \
  /* continued */
@implementation A (Cat)
- (id)a:(int)x :(int)y { return [[self b] c:x d:^(id e){ return @[@1, @"s\"q", @{@"k": @(2)}]; }]; }
+ (void)t { char c = '\''; float f = .5e-3; switch (c) { case 1: case 2: { break; } default: ; } }
@end
@"unterminated
/* open comment
