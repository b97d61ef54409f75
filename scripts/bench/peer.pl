# Perl's URI::Escape (uri_escape / uri_unescape) as a streaming command, for the whole-process
# benchmark (scripts/bench/whole.sh): stdin -> stdout in 256 KiB reads; on decode an escape
# cut by a read waits for the next one. uri_escape's default set keeps exactly RFC 3986's
# unreserved characters, as pctenc's rfc3986 profile does. usage: perl peer.pl encode|decode
use strict;
use warnings;
use URI::Escape qw(uri_escape uri_unescape);

my $op = shift @ARGV;
binmode STDIN;
binmode STDOUT;
my $carry = "";
while (1) {
    my $n = read(STDIN, my $chunk, 256 << 10);
    die "read: $!" unless defined $n;
    my $data = $carry . $chunk;
    $carry = "";
    if ($op eq "encode") {
        print uri_escape($data);
    } else {
        my $cut = length $data;
        my $p = rindex($data, "%");
        $cut = $p if $n && $p >= 0 && $p >= length($data) - 2;
        print uri_unescape(substr($data, 0, $cut));
        $carry = substr($data, $cut);
    }
    last unless $n;
}
