// encoder: one writer over the sink, rebuilt when the layout changes.
#include "jsonx/stream/encoder.hpp"

#include "jsonx/dom/serialize.hpp"
#include "jsonx/stream/stream_error.hpp"

namespace jsonx::stream {

encoder::encoder(output_sink& sink, const write_options& options)
    : sink_(&sink), options_(options) {
  start_writer();
}

encoder::encoder(std::string& out, const write_options& options) : options_(options) {
  own_sink_.emplace(out);
  sink_ = &*own_sink_;
  start_writer();
}

// The writer's destructor hands its bytes to the sink (without delivering them: a buffered
// sink writes them out when it is destroyed, a string gets its exact size).
encoder::~encoder() = default;

void encoder::start_writer() {
  options_.newline_after_value = true;  // Go's Encoder: a newline after each value
  writer_.emplace(*sink_, options_);
  writer_values_ = 0;
}

void encoder::set_indent(std::string_view prefix, std::string_view indent) {
  if (options_.prefix == prefix && options_.indent == indent) return;
  if (writer_) writer_->flush();
  options_.set_indent(prefix, indent);
  start_writer();
}

void encoder::set_escape_html(bool on) {
  if (options_.escape_html == on) return;
  if (writer_) writer_->flush();
  options_.escape_html = on;
  start_writer();
}

bool encoder::fail(std::error_code ec) {
  if (!error_) error_ = ec;
  return false;
}

bool encoder::ready(std::error_code& ec) {
  if (error_) {
    ec = error_;
    return false;
  }
  ec = {};
  return true;
}

bool encoder::end_value(std::error_code& ec) {
  if (writer_->failed()) {
    ec = writer_->error();
    return fail(ec);
  }
  if (writer_->depth() != 0 || writer_->values_written() != writer_values_ + 1) {
    // Not exactly one complete value: the output no longer frames values.
    ec = make_error_code(stream_errc::write_failed);
    return fail(ec);
  }
  ++values_written_;
  ++writer_values_;
  if (flush_each_value_ && !writer_->flush()) {
    ec = writer_->error();
    return fail(ec);
  }
  return true;
}

bool encoder::encode(const dom::document& doc, std::error_code& ec) {
  if (!ready(ec)) return false;
  dom::write(doc, *writer_);
  return end_value(ec);
}

bool encoder::encode(const dom::element& e, std::error_code& ec) {
  if (!ready(ec)) return false;
  dom::write(e, *writer_);
  return end_value(ec);
}

bool encoder::encode(const dom::value& v, std::error_code& ec) {
  if (!ready(ec)) return false;
  dom::write(v, *writer_);
  return end_value(ec);
}

bool encoder::flush(std::error_code& ec) {
  if (!ready(ec)) return false;
  if (writer_->flush()) return true;
  ec = writer_->error();
  return fail(ec);
}

void encoder::flush() {
  std::error_code ec;
  if (!flush(ec)) throw std::system_error(ec);
}

}  // namespace jsonx::stream
