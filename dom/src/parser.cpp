// dom::parser: a push_parser driving a dom builder. The parser core is instantiated here, once,
// with the builder's callbacks inlined into it. The builder is the room_policy::reserved one:
// before each chunk the parser reserves room for the events of the chunk and of the bytes the
// push parser holds (reserve_for_more_input()), so no event checks for room, and publishes
// the document once the parse has succeeded.
#include "jsonx/dom/parser.hpp"

#include "jsonx/dom/dom_builder.hpp"
#include "jsonx/sax/push_parser.hpp"

namespace jsonx::dom {
namespace {

parse_options single_value(parse_options options) {
  options.multiple_values = false;
  return options;
}

}  // namespace

struct parser::impl {
  explicit impl(const parse_options& options) : builder(doc), push(builder, single_value(options)) {
    builder.set_max_depth(options.max_depth);
  }

  void start_new() {
    take_back_snapshot();
    push.reset();
    builder.reset();
    truncated = false;
    in_progress = true;
  }
  // Room for the events of this chunk and of the bytes held from earlier ones, before
  // feeding it.
  void reserve_for(std::string_view chunk) {
    builder.reserve_for_more_input(std::uint64_t{chunk.size()} + push.bytes_held());
    builder.set_readable_input(chunk.data(), chunk.data() + chunk.size());
  }
  // After a failure the document is emptied, so that a half-built one is never read.
  void fail() {
    take_back_snapshot();
    builder.reset();
    in_progress = false;
  }

  // A snapshot (partial()) is taken back before anything else touches the builder.
  void take_back_snapshot() noexcept {
    if (!snapshot_taken) return;
    builder.end_snapshot();
    snapshot_taken = false;
  }
  // Closes the value so far in place (see basic_dom_builder's snapshots).
  bool take_snapshot(partial_mode mode) {
    builder.begin_snapshot();
    snapshot_taken = true;
    if (!push.emit_partial_close(builder, mode)) return false;
    builder.publish_snapshot();
    doc.utf8_validated_ = true;
    return true;
  }

  document doc;
  basic_dom_builder<room_policy::reserved> builder;
  push_parser<basic_dom_builder<room_policy::reserved>> push;
  bool in_progress = false;
  bool snapshot_taken = false;  // the document is a snapshot, to take back before going on
  bool truncated = false;       // the last finish_partial() found the input cut short
};

parser::parser(const parse_options& options) : impl_(std::make_unique<impl>(options)) {}
parser::~parser() = default;
parser::parser(parser&&) noexcept = default;
parser& parser::operator=(parser&&) noexcept = default;

const document& parser::parse(std::string_view text, std::error_code& ec) {
  impl& p = *impl_;
  p.start_new();
  p.reserve_for(text);
  p.push.feed(text, ec);
  p.builder.set_readable_input(nullptr, nullptr);
  if (!ec) p.push.finish(ec);
  if (ec) {
    p.fail();
  } else {
    p.builder.publish();
  }
  p.doc.utf8_validated_ = !ec;  // the parser checked every string
  p.in_progress = false;
  return p.doc;
}

const document& parser::parse(std::string_view text) {
  std::error_code ec;
  const document& doc = parse(text, ec);
  if (ec) throw parse_exception(impl_->push.error());
  return doc;
}

std::size_t parser::feed(std::string_view chunk, std::error_code& ec) {
  impl& p = *impl_;
  if (!p.in_progress) p.start_new();
  p.take_back_snapshot();
  p.reserve_for(chunk);
  const std::size_t used = p.push.feed(chunk, ec);
  p.builder.set_readable_input(nullptr, nullptr);
  if (ec) p.fail();
  return used;
}

std::size_t parser::feed(std::string_view chunk) {
  std::error_code ec;
  const std::size_t used = feed(chunk, ec);
  if (ec) throw parse_exception(impl_->push.error());
  return used;
}

const document& parser::finish(std::error_code& ec) {
  impl& p = *impl_;
  if (!p.in_progress && p.push.failed()) {  // nothing fed since a parse failed: its error
    ec = p.push.error().code;
    return p.doc;
  }
  if (!p.in_progress) p.start_new();  // finish() with nothing fed: incomplete input
  p.take_back_snapshot();
  p.truncated = false;
  p.push.finish(ec);
  if (ec) {
    p.fail();
  } else {
    p.builder.publish();
  }
  p.doc.utf8_validated_ = !ec;
  p.in_progress = false;
  return p.doc;
}

const document& parser::finish() {
  std::error_code ec;
  const document& doc = finish(ec);
  if (ec) throw parse_exception(impl_->push.error());
  return doc;
}

const document& parser::partial(partial_mode mode, std::error_code& ec) {
  impl& p = *impl_;
  ec = {};
  if (!p.in_progress) {  // nothing fed since the last parse ended: its result stands
    if (p.push.failed()) ec = p.push.error().code;
    return p.doc;
  }
  p.take_back_snapshot();
  if (!p.take_snapshot(mode)) {
    ec = p.push.error().code;
    p.fail();
  }
  return p.doc;
}

const document& parser::partial(partial_mode mode) {
  std::error_code ec;
  const document& doc = partial(mode, ec);
  if (ec) throw parse_exception(impl_->push.error());
  return doc;
}

const document& parser::finish_partial(partial_mode mode, std::error_code& ec) {
  impl& p = *impl_;
  if (!p.in_progress && p.push.failed()) return finish(ec);  // the failed parse's error
  if (!p.in_progress) p.start_new();  // nothing fed: an empty beginning, cut short
  p.take_back_snapshot();
  p.truncated = false;
  if (p.push.failed() || p.push.complete_if_finished()) return finish(ec);
  ec = {};
  if (!p.take_snapshot(mode)) {
    ec = p.push.error().code;
    p.fail();
    return p.doc;
  }
  p.truncated = true;
  p.in_progress = false;  // the parse is over; the snapshot stays the document
  return p.doc;
}

const document& parser::finish_partial(partial_mode mode) {
  std::error_code ec;
  const document& doc = finish_partial(mode, ec);
  if (ec) throw parse_exception(impl_->push.error());
  return doc;
}

bool parser::truncated() const noexcept {
  return impl_->truncated;
}

void parser::reset() noexcept {
  impl_->take_back_snapshot();
  impl_->truncated = false;
  impl_->push.reset();
  impl_->builder.reset();
  impl_->in_progress = false;
}

void parser::reserve(std::size_t input_bytes) {
  // Reserving discards the document, so only between parses.
  if (impl_->in_progress) return;
  impl_->take_back_snapshot();
  impl_->builder.reset();
  impl_->builder.reserve_for_more_input(input_bytes);
}

const parse_error& parser::error() const noexcept {
  return impl_->push.error();
}
const document& parser::doc() const noexcept {
  return impl_->doc;
}

document parser::take_document() noexcept {
  impl_->snapshot_taken = false;  // a snapshot taken away stays as it is; the builder restarts
  document taken = std::move(impl_->doc);
  impl_->doc = document();
  impl_->builder.reset();  // re-points the builder at the (now empty) buffers
  impl_->in_progress = false;
  return taken;
}

document parse(std::string_view text, parse_error& error, const parse_options& options) {
  parser one_shot(options);
  std::error_code ec;
  one_shot.parse(text, ec);
  error = one_shot.error();
  if (ec) return document();
  document doc = one_shot.take_document();
  doc.shrink_to_fit();
  return doc;
}

document parse(std::string_view text, const parse_options& options) {
  parse_error error;
  document doc = parse(text, error, options);
  if (error) throw parse_exception(std::move(error));
  return doc;
}

}  // namespace jsonx::dom
