fn main() { std::process::exit(nonet::ui::run()) }
